/**
 * GT06 stream framer (protocols.md §2.2.1): `0x7878` + 1-byte length or `0x7979` + 2-byte length,
 * then the body and the stop bits `0x0D 0x0A`. There is no byte stuffing, so framing is
 * length-driven, with the vendor layouts of `envelope.ts` (frames without serial and CRC, Wi-Fi
 * reports whose length byte is a count) tried after the standard one:
 * - a candidate no layout fits (wrong stop bits everywhere) is skipped one byte at a time
 *   (resynchronisation; counted in `garbageBytes`);
 * - a candidate longer than MAX_FRAME_BYTES counts as an oversized frame and its start marker is
 *   skipped (we do not trust the length enough to drop that many bytes);
 * - while a candidate is still incomplete, a complete frame further on whose stop bits *and* CRC
 *   check proves the candidate was garbage (e.g. a start marker in line noise with a large length),
 *   so the framer jumps to it instead of waiting forever. The CRC serves only this look-ahead: a
 *   frame cut normally reaches the decoder whatever its CRC (which accepts and flags a mismatch).
 */
import type { Framer } from '../types.js';
import { crc16X25 } from './crc.js';
import { NEED_MORE, NO_FRAME, frameEnd, isStart, lengthField } from './envelope.js';
import { MAX_FRAME_BYTES, MIN_LENGTH, START_LONG, START_SHORT, headerSize } from './frame.js';

/** True when a complete standard frame with correct stop bits and CRC starts at `i`. */
function completeValidFrameAt(buf: Uint8Array, i: number): boolean {
  if (!isStart(buf, i)) return false;
  const len = lengthField(buf, i);
  if (len === undefined || len < MIN_LENGTH) return false;
  const total = headerSize(buf[i]!) + len + 2;
  if (total > MAX_FRAME_BYTES || buf.length - i < total) return false;
  if (buf[i + total - 2] !== 0x0d || buf[i + total - 1] !== 0x0a) return false;
  const crc = (buf[i + total - 4]! << 8) | buf[i + total - 3]!;
  return crc16X25(buf.subarray(i + 2, i + total - 4)) === crc;
}

/** Whether the header at `i` declares more than the maximum frame size. */
function oversized(buf: Uint8Array, i: number): boolean {
  const len = lengthField(buf, i);
  return len !== undefined && headerSize(buf[i]!) + len + 2 > MAX_FRAME_BYTES;
}

export function createGt06Framer(): Framer {
  let buf = new Uint8Array(0);
  const stats = { garbageBytes: 0, oversizedFrames: 0 };

  function push(chunk: Uint8Array): Uint8Array[] {
    const joined = new Uint8Array(buf.length + chunk.length);
    joined.set(buf, 0);
    joined.set(chunk, buf.length);
    buf = joined;
    const frames: Uint8Array[] = [];
    let i = 0;
    for (;;) {
      // Find the next start marker.
      let start = i;
      while (start + 1 < buf.length && !isStart(buf, start)) start++;
      if (start + 1 >= buf.length) {
        // Keep a trailing single marker byte: it may be half of the next start.
        const keep =
          start < buf.length && (buf[start] === START_SHORT || buf[start] === START_LONG) ? 1 : 0;
        stats.garbageBytes += buf.length - keep - i;
        i = buf.length - keep;
        break;
      }
      stats.garbageBytes += start - i;
      i = start;
      if (oversized(buf, i)) {
        stats.oversizedFrames += 1;
        i += 2;
        continue;
      }
      const total = frameEnd(buf, i);
      if (total === NO_FRAME) {
        stats.garbageBytes += 1;
        i += 1;
        continue;
      }
      if (total === NEED_MORE) {
        let next = -1;
        for (let j = i + 1; j + 1 < buf.length; j++) {
          if (completeValidFrameAt(buf, j)) {
            next = j;
            break;
          }
        }
        if (next < 0) break; // wait for more bytes
        stats.garbageBytes += next - i;
        i = next;
        continue;
      }
      frames.push(buf.slice(i, i + total));
      i += total;
    }
    buf = buf.slice(i);
    return frames;
  }

  return { push, stats };
}
