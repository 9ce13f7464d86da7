import { bytesToHex } from '@xunji/protocols';

/** Per frame: when it was received (epoch ms, 8 bytes) and its length (2 bytes), then its bytes. */
const RECORD_HEAD = 10;
const INITIAL_BYTES = 256;
/** Past this, a buffer emptied by a write is let go (a burst's size is not kept for ever). */
const KEPT_BYTES = 2048;

/**
 * A device's raw frames not written yet, as bytes in one buffer: a frame costs a copy, not a hex
 * string and its line (a device between two writes holds a few dozen frames, a fleet millions).
 * Turned into `receivedAt hex` lines only when written. Keeps the newest `maxFrames`.
 */
export class FrameLog {
  private buffer = new Uint8Array(0);
  private view = new DataView(this.buffer.buffer);
  private used = 0;
  private frames = 0;

  constructor(private readonly maxFrames: number) {}

  get count(): number {
    return this.frames;
  }

  append(receivedAt: number, frame: Uint8Array): void {
    const bytes = frame.subarray(0, 0xffff);
    if (this.frames === this.maxFrames) this.dropOldest();
    this.reserve(RECORD_HEAD + bytes.length);
    this.view.setFloat64(this.used, receivedAt);
    this.view.setUint16(this.used + 8, bytes.length);
    this.buffer.set(bytes, this.used + RECORD_HEAD);
    this.used += RECORD_HEAD + bytes.length;
    this.frames++;
  }

  /** The frames as `receivedAt hex` lines, oldest first; the log is empty after. */
  take(): string {
    const lines: string[] = [];
    for (let at = 0; at < this.used;) {
      const length = this.view.getUint16(at + 8);
      const start = at + RECORD_HEAD;
      lines.push(
        `${this.view.getFloat64(at)} ${bytesToHex(this.buffer.subarray(start, start + length))}`,
      );
      at = start + length;
    }
    this.used = 0;
    this.frames = 0;
    if (this.buffer.length > KEPT_BYTES) this.reserveNone();
    return lines.join('\n');
  }

  private dropOldest(): void {
    const next = RECORD_HEAD + this.view.getUint16(8);
    this.buffer.copyWithin(0, next, this.used);
    this.used -= next;
    this.frames--;
  }

  private reserveNone(): void {
    this.buffer = new Uint8Array(0);
    this.view = new DataView(this.buffer.buffer);
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(INITIAL_BYTES, (this.used + bytes) * 2));
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }
}
