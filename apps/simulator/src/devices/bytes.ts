/** Big-endian field writers shared by the binary device codecs. */
export const u16 = (value: number): number[] => [(value >> 8) & 0xff, value & 0xff];

export const u32 = (value: number): number[] => [
  (value >>> 24) & 0xff,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];

export const readU16 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);

export const ascii = (text: string): number[] => [...Buffer.from(text, 'latin1')];

export const asciiText = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** Digits → BCD bytes, left-padded with zeros to `length` bytes. */
export function bcd(digits: string, length: number): number[] {
  const padded = digits.padStart(length * 2, '0').slice(-length * 2);
  const out: number[] = [];
  for (let i = 0; i < length; i++) out.push(Number(padded[i * 2]) * 16 + Number(padded[i * 2 + 1]));
  return out;
}

/** Counts 1, 2, 3 … and wraps at 0xffff, as device serials do. */
export class SerialCounter {
  private value = 0;
  reset(): void {
    this.value = 0;
  }
  next(): number {
    this.value = (this.value % 0xffff) + 1;
    return this.value;
  }
}
