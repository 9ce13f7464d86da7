import type { ByteBlocks } from './byte-blocks.js';

/** Per frame: when it was received (epoch ms, 8 bytes) and its length (2 bytes), then its bytes. */
const RECORD_HEAD = 10;
const NO_BYTES = new Uint8Array(0);
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const SPACE = 0x20;
const NEWLINE = 0x0a;

/**
 * A device's raw frames not written yet, as bytes in one block (`blocks`, shared by the fleet): a
 * frame costs a copy, not a hex string and its line (a device between two writes holds a few
 * dozen frames, a fleet millions). Turned into `receivedAt hex` lines only when written; the block
 * goes back then. Keeps the newest `maxFrames`.
 */
export class FrameLog {
  private buffer: Uint8Array = NO_BYTES;
  private view: DataView = new DataView(NO_BYTES.buffer);
  private used = 0;
  private frames = 0;

  constructor(
    private readonly maxFrames: number,
    private readonly blocks: ByteBlocks,
  ) {}

  get count(): number {
    return this.frames;
  }

  append(receivedAt: number, frame: Uint8Array): void {
    const length = Math.min(frame.length, 0xffff);
    if (this.frames === this.maxFrames) this.dropOldest();
    this.reserve(RECORD_HEAD + length);
    this.view.setFloat64(this.used, receivedAt);
    this.view.setUint16(this.used + 8, length);
    // A frame is never that long in practice: no view is made of one that fits.
    this.buffer.set(
      length === frame.length ? frame : frame.subarray(0, length),
      this.used + RECORD_HEAD,
    );
    this.used += RECORD_HEAD + length;
    this.frames++;
  }

  /**
   * The frames as `receivedAt hex` lines, oldest first; the log is empty after. Written into one
   * buffer and read as one string: a hex string and a line per frame were a seventh of what the
   * gateway allocated under load.
   */
  take(): string {
    const times: string[] = [];
    let length = 0;
    for (let at = 0; at < this.used;) {
      const time = String(this.view.getFloat64(at));
      const bytes = this.view.getUint16(at + 8);
      times.push(time);
      length += time.length + 2 + 2 * bytes;
      at += RECORD_HEAD + bytes;
    }
    const text = Buffer.allocUnsafe(Math.max(0, length - 1));
    let out = 0;
    for (let at = 0, frame = 0; at < this.used; frame++) {
      if (frame > 0) text[out++] = NEWLINE;
      out += text.write(times[frame]!, out, 'latin1');
      text[out++] = SPACE;
      const end = at + RECORD_HEAD + this.view.getUint16(at + 8);
      for (let i = at + RECORD_HEAD; i < end; i++) {
        const byte = this.buffer[i]!;
        text[out++] = HEX_DIGITS[byte >> 4]!;
        text[out++] = HEX_DIGITS[byte & 0xf]!;
      }
      at = end;
    }
    this.release();
    return text.toString('latin1', 0, out);
  }

  /** Empties the log and gives its block back (the device's frames are no longer wanted). */
  release(): void {
    this.used = 0;
    this.frames = 0;
    this.use(NO_BYTES);
  }

  private dropOldest(): void {
    const next = RECORD_HEAD + this.view.getUint16(8);
    this.buffer.copyWithin(0, next, this.used);
    this.used -= next;
    this.frames--;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = this.blocks.take(this.used + bytes);
    grown.set(this.buffer.subarray(0, this.used));
    this.use(grown);
  }

  private use(block: Uint8Array): void {
    if (this.buffer !== NO_BYTES) this.blocks.give(this.buffer);
    this.buffer = block;
    this.view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  }
}
