import type { Framer } from '../types.js';
import {
  ESCAPE as ESCAPE_BYTE,
  FLAG as FLAG_BYTE,
  MIN_CONTENT,
  agreeingReading,
  headerLength,
  read,
} from './escaping.js';

// Module-local copies for the per-byte loops: an imported binding may be read through a getter
// on every access (tsx's CommonJS output), which made the framer twice as slow.
const FLAG = FLAG_BYTE;
const ESCAPE = ESCAPE_BYTE;

/** Text frames some JT/T 808 devices (Jointech locks) send on the same connection: `(...)`. */
export const OPEN_TEXT = 0x28;
const CLOSE_TEXT = 0x29;

/**
 * Largest frame accepted, in bytes as sent (flags and escapes included): a 2019 header with
 * subpackage fields (21) + the largest body (1023) + the checksum, every byte escaped, + 2 flags.
 */
export const maxFrameBytes = 2 * (21 + 1023 + 1) + 2;

function hasEscape(buffer: Uint8Array, end: number): boolean {
  for (let i = 1; i < end; i++) if (buffer[i] === ESCAPE) return true;
  return false;
}

/** One frame, flag to flag, with no 0x7e inside and a length field or check code that agrees. */
function isWholeFrame(chunk: Uint8Array): boolean {
  const last = chunk.length - 1;
  if (last < MIN_CONTENT + 1 || chunk.length >= maxFrameBytes) return false;
  if (chunk[0] !== FLAG || chunk[last] !== FLAG) return false;
  for (let i = 1; i < last; i++) if (chunk[i] === FLAG) return false;
  return judge(chunk, last) === 'frame';
}

/**
 * What a 0x7e makes of the bytes since the opening flag: a frame (its length field or its check
 * code agrees, read escaped or as it is); possibly a frame with an unescaped 0x7e inside (shorter
 * than its header says: the 0x7e may be data); or not a frame.
 */
function judge(buffer: Uint8Array, end: number): 'frame' | 'short' | 'no' {
  if (end > 4 && !hasEscape(buffer, end)) {
    // No escape: the content is what lies between the flags (the common case, checked cheaply).
    const props = (buffer[3]! << 8) | buffer[4]!;
    const declared = headerLength((buffer[1]! << 8) | buffer[2]!, props) + (props & 0x03ff) + 1;
    if (end - 1 === declared) return 'frame';
  }
  if (agreeingReading(buffer, 1, end) !== undefined) return 'frame';
  const reading = read(buffer, 1, end, false) ?? read(buffer, 1, end, true)!;
  return reading.length >= MIN_CONTENT && reading.length < reading.declared ? 'short' : 'no';
}

type Mode = 'idle' | 'binary' | 'text' | 'discarding';

/** The first buffer for a frame split across reads: most frames fit, larger ones grow it. */
const FIRST_BUFFER_BYTES = 256;
const NO_BYTES = new Uint8Array(0);

/**
 * 0x7e-delimited framing, plus `(...)` text frames between them. Frames are answered exactly as
 * received (flags and escapes included); `decode` reads them. A 0x7e that closes something not
 * shaped like a frame (garbage, or the gap between frames) is taken as the opening flag of the
 * next frame, so the framer resynchronises. A 0x7e that closes a candidate shorter than its header
 * says is kept as data (a capture pasted unescaped) until a later 0x7e closes a frame; the
 * candidate is given as a frame when a flag follows at once, when the chunk ends there, or when a
 * frame starts at it.
 *
 * A class, not closures: a gateway holds one per connection, tens of thousands, and its buffer is
 * only allocated once a frame is split across reads.
 */
class Jt808Framer implements Framer {
  readonly stats = { garbageBytes: 0, oversizedFrames: 0 };
  /** Bytes since the opening flag or bracket: `buffer[0, length)`, grown as frames need. */
  private buffer = NO_BYTES;
  private length = 0;
  /** Positions in `buffer` of 0x7e bytes that may have closed a frame. */
  private readonly pending: number[] = [];
  private mode: Mode = 'idle';
  private frames: Uint8Array[] = [];

  push(chunk: Uint8Array): Uint8Array[] {
    // Most reads are one whole frame with nothing buffered before it: given as it is, not copied.
    if (this.mode === 'idle' && isWholeFrame(chunk)) return [chunk];
    this.frames = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      // The common case inline: a byte inside a binary frame.
      if (this.mode === 'binary' && byte !== FLAG && this.length < this.buffer.length - 1)
        this.buffer[this.length++] = byte;
      else this.step(byte);
    }
    // A candidate that ends with the chunk is taken as closed (a capture pasted unescaped).
    if (this.mode === 'binary' && this.pendingAtEnd()) this.closeAll();
    return this.frames;
  }

  private append(byte: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Uint8Array(
        Math.min(Math.max(FIRST_BUFFER_BYTES, this.buffer.length * 2), maxFrameBytes),
      );
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = byte;
  }

  private open(byte: number): void {
    this.mode = byte === FLAG ? 'binary' : 'text';
    this.length = 0;
    this.append(byte);
    this.pending.length = 0;
  }

  private reset(next: Mode): void {
    this.mode = next;
    this.length = 0;
    this.pending.length = 0;
  }

  private closeAll(): void {
    this.frames.push(this.buffer.slice(0, this.length));
    this.reset('idle');
  }

  private pendingAtEnd(): boolean {
    const { pending } = this;
    return pending.length > 0 && pending[pending.length - 1] === this.length - 1;
  }

  /** A frame that starts at a pending 0x7e: the part before it was a frame too. */
  private rescue(): boolean {
    const { buffer, length } = this;
    for (const at of this.pending) {
      if (agreeingReading(buffer, at + 1, length - 1) === undefined) continue;
      this.frames.push(buffer.slice(0, at + 1), buffer.slice(at, length));
      this.reset('idle');
      return true;
    }
    return false;
  }

  private oversized(): void {
    this.stats.oversizedFrames++;
    this.reset('discarding');
  }

  private flag(): void {
    if (this.length === 1) {
      // "7e 7e": the first flag closed nothing; this one opens the frame.
      this.stats.garbageBytes++;
      return;
    }
    if (this.pendingAtEnd()) {
      // The pending 0x7e closed the frame; this one opens the next.
      this.closeAll();
      this.open(FLAG);
      return;
    }
    this.append(FLAG);
    const verdict = judge(this.buffer, this.length - 1);
    if (verdict === 'frame') this.closeAll();
    else if (this.pending.length > 0 && this.rescue()) return;
    else if (verdict === 'short') this.pending.push(this.length - 1);
    else {
      this.stats.garbageBytes += this.length - 1;
      this.open(FLAG);
    }
  }

  private step(byte: number): void {
    switch (this.mode) {
      case 'discarding':
        if (byte === FLAG) this.open(FLAG);
        return;
      case 'idle':
        if (byte === FLAG || byte === OPEN_TEXT) this.open(byte);
        else this.stats.garbageBytes++;
        return;
      case 'text':
        if (byte === FLAG) {
          this.stats.garbageBytes += this.length;
          this.open(FLAG);
          return;
        }
        this.append(byte);
        if (byte === CLOSE_TEXT) this.closeAll();
        else if (this.length >= maxFrameBytes) this.oversized();
        return;
      case 'binary':
        if (byte === FLAG) return this.flag();
        this.append(byte);
        if (this.length >= maxFrameBytes) this.oversized();
    }
  }
}

export function createJt808Framer(): Framer {
  return new Jt808Framer();
}
