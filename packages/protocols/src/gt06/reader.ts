/** Bounds-checked big-endian reader over a frame's content; running off the end is a DecodeError. */
import { DecodeError } from '../types.js';

export class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  private need(n: number): void {
    if (this.remaining < n)
      throw new DecodeError(`gt06: truncated content (need ${n}, have ${this.remaining})`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  u16(): number {
    return (this.u8() << 8) | this.u8();
  }

  u24(): number {
    return (this.u16() << 8) | this.u8();
  }

  i16(): number {
    const value = this.u16();
    return value & 0x8000 ? value - 0x10000 : value;
  }

  u32(): number {
    return this.u16() * 0x10000 + this.u16();
  }

  /** Unsigned integer of `n` bytes (n <= 8; above 2^53 precision is lost). */
  uint(n: number): number {
    let value = 0;
    for (let k = 0; k < n; k++) value = value * 256 + this.u8();
    return value;
  }

  /** The next `n` bytes, without consuming them. */
  peek(n: number): Uint8Array {
    this.need(n);
    return this.bytes.subarray(this.pos, this.pos + n);
  }

  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  skip(n: number): void {
    this.take(n);
  }

  rest(): Uint8Array {
    return this.take(this.remaining);
  }
}
