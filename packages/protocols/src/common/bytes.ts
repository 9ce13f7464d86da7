/** Byte helpers shared by the protocol folders. */

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-f]/i.test(clean)) throw new Error(`not hex: ${hex}`);
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const result = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** BCD bytes → digit string (`0x01 0x23` → `0123`). */
export function bcdToString(bytes: Uint8Array): string {
  let digits = '';
  for (const byte of bytes) digits += `${byte >> 4}${byte & 0x0f}`;
  return digits;
}

/** Digit string → BCD bytes, left-padded with zeros to `length` bytes. */
export function stringToBcd(digits: string, length: number): Uint8Array {
  const padded = digits.padStart(length * 2, '0').slice(-length * 2);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++)
    bytes[i] = (Number(padded[i * 2]) << 4) | Number(padded[i * 2 + 1]);
  return bytes;
}

export const textBytes = (text: string): Uint8Array => new TextEncoder().encode(text);
export const bytesText = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
