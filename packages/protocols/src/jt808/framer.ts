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

/**
 * 0x7e-delimited framing, plus `(...)` text frames between them. Frames are answered exactly as
 * received (flags and escapes included); `decode` reads them. A 0x7e that closes something not
 * shaped like a frame (garbage, or the gap between frames) is taken as the opening flag of the
 * next frame, so the framer resynchronises. A 0x7e that closes a candidate shorter than its header
 * says is kept as data (a capture pasted unescaped) until a later 0x7e closes a frame; the
 * candidate is given as a frame when a flag follows at once, when the chunk ends there, or when a
 * frame starts at it.
 */
export function createJt808Framer(): Framer {
  const stats = { garbageBytes: 0, oversizedFrames: 0 };
  /** Bytes since the opening flag or bracket: `buffer[0, length)`, grown as frames need. */
  let buffer = new Uint8Array(256);
  let length = 0;
  /** Positions in `buffer` of 0x7e bytes that may have closed a frame. */
  const pending: number[] = [];
  let mode: 'idle' | 'binary' | 'text' | 'discarding' = 'idle';
  let frames: Uint8Array[] = [];

  const append = (byte: number): void => {
    if (length === buffer.length) {
      const grown = new Uint8Array(Math.min(buffer.length * 2, maxFrameBytes));
      grown.set(buffer);
      buffer = grown;
    }
    buffer[length++] = byte;
  };
  const open = (byte: number): void => {
    mode = byte === FLAG ? 'binary' : 'text';
    buffer[0] = byte;
    length = 1;
    pending.length = 0;
  };
  const reset = (next: typeof mode): void => {
    mode = next;
    length = 0;
    pending.length = 0;
  };
  const closeAll = (): void => {
    frames.push(buffer.slice(0, length));
    reset('idle');
  };
  const pendingAtEnd = (): boolean =>
    pending.length > 0 && pending[pending.length - 1] === length - 1;

  /** A frame that starts at a pending 0x7e: the part before it was a frame too. */
  const rescue = (): boolean => {
    for (const at of pending) {
      if (agreeingReading(buffer, at + 1, length - 1) === undefined) continue;
      frames.push(buffer.slice(0, at + 1), buffer.slice(at, length));
      reset('idle');
      return true;
    }
    return false;
  };

  const oversized = (): void => {
    stats.oversizedFrames++;
    reset('discarding');
  };

  const flag = (): void => {
    if (length === 1) {
      // "7e 7e": the first flag closed nothing; this one opens the frame.
      stats.garbageBytes++;
      return;
    }
    if (pendingAtEnd()) {
      // The pending 0x7e closed the frame; this one opens the next.
      closeAll();
      open(FLAG);
      return;
    }
    append(FLAG);
    const verdict = judge(buffer, length - 1);
    if (verdict === 'frame') closeAll();
    else if (pending.length > 0 && rescue()) return;
    else if (verdict === 'short') pending.push(length - 1);
    else {
      stats.garbageBytes += length - 1;
      open(FLAG);
    }
  };

  const step = (byte: number): void => {
    switch (mode) {
      case 'discarding':
        if (byte === FLAG) open(FLAG);
        return;
      case 'idle':
        if (byte === FLAG || byte === OPEN_TEXT) open(byte);
        else stats.garbageBytes++;
        return;
      case 'text':
        if (byte === FLAG) {
          stats.garbageBytes += length;
          open(FLAG);
          return;
        }
        append(byte);
        if (byte === CLOSE_TEXT) closeAll();
        else if (length >= maxFrameBytes) oversized();
        return;
      case 'binary':
        if (byte === FLAG) return flag();
        append(byte);
        if (length >= maxFrameBytes) oversized();
    }
  };

  const push = (chunk: Uint8Array): Uint8Array[] => {
    // Most reads are one whole frame with nothing buffered before it: given as it is, not copied.
    if (mode === 'idle' && isWholeFrame(chunk)) return [chunk];
    frames = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      // The common case inline: a byte inside a binary frame.
      if (mode === 'binary' && byte !== FLAG && length < buffer.length - 1) buffer[length++] = byte;
      else step(byte);
    }
    // A candidate that ends with the chunk is taken as closed (a capture pasted unescaped).
    if (mode === 'binary' && pendingAtEnd()) closeAll();
    return frames;
  };

  return { push, stats };
}
