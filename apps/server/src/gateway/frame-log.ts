import { ChunkQueue, type ChunkPool } from './byte-chunks.js';

/** Per frame: when it was received (epoch ms, 8 bytes) and its length (2 bytes), then its bytes. */
const RECORD_HEAD = 10;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const SPACE = 0x20;
const NEWLINE = 0x0a;
const ZERO = 0x30;
/** A record's head as it is written and read back (the log is used by one caller at a time). */
const head = new Uint8Array(RECORD_HEAD);
const headView = new DataView(head.buffer);

/** Digits of a time (a whole number of ms): a string per frame was garbage of its own. */
function decimalLength(value: number): number {
  let digits = 1;
  for (let rest = Math.floor(value / 10); rest >= 1; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Writes the digits of `value` (whole, not negative) at `at`; answers where they end. */
function writeDecimal(text: Buffer, at: number, value: number): number {
  const end = at + decimalLength(value);
  let rest = value;
  for (let i = end - 1; i >= at; i--) {
    text[i] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

/**
 * Frames taken out of a log to be written. They become text only when the write runs (`text`):
 * text made when they are taken waits with its batch, and under load outlives the young
 * generation — a fleet's frames were most of what reached the old one.
 */
export class TakenFrames {
  constructor(private readonly bytes: ChunkQueue) {}

  /** The frames as `receivedAt hex` lines, oldest first, written into one buffer; once (then ''). */
  text(): string {
    const { bytes } = this;
    const times: number[] = [];
    const lengths: number[] = [];
    let size = 0;
    for (let at = 0; at < bytes.length;) {
      const [time, length] = headAt(bytes, at);
      times.push(time);
      lengths.push(length);
      size += decimalLength(time) + 2 + 2 * length;
      at += RECORD_HEAD + length;
    }
    const text = Buffer.allocUnsafe(Math.max(0, size - 1));
    let out = 0;
    const hex = (chunk: Uint8Array, from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const byte = chunk[i]!;
        text[out++] = HEX_DIGITS[byte >> 4]!;
        text[out++] = HEX_DIGITS[byte & 0xf]!;
      }
    };
    for (let frame = 0, at = 0; frame < lengths.length; frame++) {
      if (frame > 0) text[out++] = NEWLINE;
      out = writeDecimal(text, out, times[frame]!);
      text[out++] = SPACE;
      bytes.read(at + RECORD_HEAD, lengths[frame]!, hex);
      at += RECORD_HEAD + lengths[frame]!;
    }
    bytes.clear();
    return text.toString('latin1', 0, out);
  }

  /** Drops the frames unread, their chunks given back. */
  release(): void {
    this.bytes.clear();
  }
}

function headAt(bytes: ChunkQueue, at: number): [time: number, length: number] {
  bytes.copyTo(head, at);
  return [headView.getFloat64(0), headView.getUint16(8)];
}

/**
 * A device's raw frames not written yet, as bytes in chunks shared by the fleet (`pool`): a frame
 * costs a copy, not a hex string and its line (a device between two writes holds a few dozen
 * frames, a fleet millions). Keeps the newest `maxFrames`.
 */
export class FrameLog {
  private bytes: ChunkQueue;
  private frames = 0;

  constructor(
    private readonly maxFrames: number,
    private readonly pool: ChunkPool,
  ) {
    this.bytes = new ChunkQueue(pool);
  }

  get count(): number {
    return this.frames;
  }

  append(receivedAt: number, frame: Uint8Array): void {
    const length = Math.min(frame.length, 0xffff);
    if (this.frames === this.maxFrames) this.dropOldest();
    headView.setFloat64(0, Math.round(receivedAt));
    headView.setUint16(8, length);
    this.bytes.append(head);
    // A frame is never that long in practice: no view is made of one that fits.
    this.bytes.append(length === frame.length ? frame : frame.subarray(0, length));
    this.frames++;
  }

  /** The frames, to be written; the log is empty after. */
  take(): TakenFrames {
    const taken = new TakenFrames(this.bytes);
    this.bytes = new ChunkQueue(this.pool);
    this.frames = 0;
    return taken;
  }

  /** Empties the log and gives its chunks back (the device's frames are no longer wanted). */
  release(): void {
    this.bytes.clear();
    this.frames = 0;
  }

  private dropOldest(): void {
    this.bytes.dropFront(RECORD_HEAD + headAt(this.bytes, 0)[1]);
    this.frames--;
  }
}
