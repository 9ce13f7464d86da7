import { DecodeError } from '../types.js';

/** Big-endian reads over a body; every read past the end is a DecodeError (a short body). */
export class ByteReader {
  private offset: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.offset = start;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private need(count: number, what: string): void {
    if (this.offset + count > this.end) {
      throw new DecodeError(`jt808: body too short for ${what}`);
    }
  }

  u8(what = 'BYTE'): number {
    this.need(1, what);
    return this.bytes[this.offset++]!;
  }

  u16(what = 'WORD'): number {
    this.need(2, what);
    const value = (this.bytes[this.offset]! << 8) | this.bytes[this.offset + 1]!;
    this.offset += 2;
    return value;
  }

  u32(what = 'DWORD'): number {
    this.need(4, what);
    const value =
      this.bytes[this.offset]! * 0x1000000 +
      ((this.bytes[this.offset + 1]! << 16) |
        (this.bytes[this.offset + 2]! << 8) |
        this.bytes[this.offset + 3]!);
    this.offset += 4;
    return value;
  }

  take(count: number, what = 'BYTE[n]'): Uint8Array {
    this.need(count, what);
    const slice = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return slice;
  }

  rest(): Uint8Array {
    return this.take(this.remaining);
  }
}
