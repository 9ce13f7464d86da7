/**
 * Splits an H02 byte stream into text frames `*…#` and binary frames `$…` / `X…` (protocols.md
 * §2.4), mixed in any order. CR/LF between frames is skipped silently; other bytes outside a
 * frame are garbage.
 *
 * - A text frame ends at `#`; one whose `#` is missing ends at a line end or at the next `*`
 *   (the decoder judges what it got). A non-text byte inside it makes it garbage.
 * - A binary frame starts with `$` or `X` and BCD id/time/date bytes, which keeps resync honest.
 *   Its length varies by vendor, even on one connection (32, 37, 42, 45, 46, 47, 48 bytes; TRC
 *   frame decoder and forum captures) and is not written in it, so it ends where the next frame
 *   (or a CR LF) starts, within 128 bytes, or with the bytes that arrived once there are 32 (a
 *   device sends one frame per TCP segment or datagram, which is how Traccar sizes them too; a
 *   long frame split after its 32nd byte still gives its report, which is all in those 32). The
 *   length last found before another frame is tried first, so a tail byte that looks like a
 *   frame start does not cut the next frame of that length.
 */
import { concatBytes } from '../common/bytes.js';
import type { Framer } from '../types.js';
import { H02_BINARY_MIN } from './binary.js';

export const maxFrameBytes = 1024;
/** Past this, a binary frame is not searched for its end. */
const MAX_BINARY = 128;
/** `$`/`X` and the 11 BCD bytes of id, time and date after it. */
const BINARY_HEAD = 12;

const STAR = 0x2a;
const HASH = 0x23;
const DOLLAR = 0x24;
const X = 0x58;
const CR = 0x0d;
const LF = 0x0a;
const COMMA = 0x2c;

type TextEnd = 'frame' | 'garbage' | 'oversized';

const isBcd = (b: number) => b >> 4 <= 9 && (b & 0x0f) <= 9;
const isAlnum = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/** A binary head at `at`, as far as its bytes have arrived. */
function binaryHeadAt(buffer: Uint8Array, at: number): boolean {
  if (buffer[at] !== DOLLAR && buffer[at] !== X) return false;
  const end = Math.min(buffer.length, at + BINARY_HEAD);
  for (let i = at + 1; i < end; i++) if (!isBcd(buffer[i]!)) return false;
  return true;
}

/** `*XX,` at `at`, as far as its bytes have arrived. */
function textHeadAt(buffer: Uint8Array, at: number): boolean {
  if (buffer[at] !== STAR) return false;
  for (let i = 1; i <= 3 && at + i < buffer.length; i++) {
    const b = buffer[at + i]!;
    if (i < 3 ? !isAlnum(b) : b !== COMMA) return false;
  }
  return true;
}

/** Whether a binary frame may end before `at`: another frame or a CR LF starts there. */
function boundaryAt(buffer: Uint8Array, at: number): boolean {
  if (buffer[at] === CR) return at + 1 >= buffer.length || buffer[at + 1] === LF;
  return textHeadAt(buffer, at) || binaryHeadAt(buffer, at);
}

export function createH02Framer(limit: number = maxFrameBytes): Framer {
  let buffer: Uint8Array = new Uint8Array(0);
  let binaryLength: number | undefined;
  const stats = { garbageBytes: 0, oversizedFrames: 0 };

  /** The length of the binary frame at `start`; undefined: wait for more bytes. */
  const binaryFrameLength = (start: number): number | undefined => {
    const available = buffer.length - start;
    if (available < H02_BINARY_MIN) return undefined;
    const known = binaryLength;
    if (known !== undefined) {
      if (available === known || (available > known && boundaryAt(buffer, start + known)))
        return known;
    }
    const searchEnd = Math.min(available, MAX_BINARY);
    for (let length = H02_BINARY_MIN; length < searchEnd; length++) {
      if (boundaryAt(buffer, start + length)) {
        binaryLength = length;
        return length;
      }
    }
    if (available < MAX_BINARY) return available;
    return known ?? H02_BINARY_MIN;
  };

  /** Where the text frame at `start` ends (exclusive) and what it is; undefined: wait. */
  const textFrameEnd = (start: number): { end: number; kind: TextEnd } | undefined => {
    let end = start + 1;
    while (end < buffer.length && end - start < limit) {
      const c = buffer[end]!;
      if (c === HASH) return { end: end + 1, kind: 'frame' };
      if (c === STAR || c === CR || c === LF) return { end, kind: 'frame' };
      if (c < 0x20 || c > 0x7e) return { end, kind: 'garbage' };
      end++;
    }
    // No end within the maximum: drop the start marker and resynchronise.
    if (end - start >= limit) return { end: start + 1, kind: 'oversized' };
    return undefined;
  };

  const push = (chunk: Uint8Array): Uint8Array[] => {
    buffer = concatBytes(buffer, chunk);
    const frames: Uint8Array[] = [];
    let start = 0;
    while (start < buffer.length) {
      const b = buffer[start]!;
      if (b === CR || b === LF) {
        start++;
        continue;
      }
      if (b === STAR) {
        const found = textFrameEnd(start);
        if (!found) break;
        if (found.kind === 'frame') frames.push(buffer.slice(start, found.end));
        else if (found.kind === 'oversized') stats.oversizedFrames++;
        else stats.garbageBytes += found.end - start;
        start = found.end;
        continue;
      }
      if (binaryHeadAt(buffer, start)) {
        const length = binaryFrameLength(start);
        if (length === undefined) break;
        frames.push(buffer.slice(start, start + length));
        start += length;
        continue;
      }
      stats.garbageBytes++;
      start++;
    }
    buffer = buffer.slice(start);
    return frames;
  };

  return { push, stats };
}
