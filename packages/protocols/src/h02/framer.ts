/**
 * Splits an H02 byte stream: text frames `*…#` and binary frames `$…` of fixed length
 * (32 bytes, protocols.md §2.4). CR/LF between frames is skipped silently; other bytes outside a
 * frame are garbage. A binary frame must carry BCD id/time/date, which keeps resync honest.
 */
import { concatBytes } from '../common/bytes.js';
import type { Framer } from '../types.js';

export const maxFrameBytes = 1024;
/** Length of a `$` binary frame (short-id devices). */
export const H02_BINARY_LENGTH = 32;

const STAR = 0x2a;
const HASH = 0x23;
const DOLLAR = 0x24;

const isBcd = (b: number) => b >> 4 <= 9 && (b & 0x0f) <= 9;

/** `$` + 5 BCD id bytes + 6 BCD time/date bytes: the part of a binary frame we can check. */
export function plausibleBinary(frame: Uint8Array): boolean {
  if (frame[0] !== DOLLAR) return false;
  for (let i = 1; i < 12; i++) if (!isBcd(frame[i]!)) return false;
  return true;
}

export function createH02Framer(limit: number = maxFrameBytes): Framer {
  let buffer = new Uint8Array(0);
  const stats = { garbageBytes: 0, oversizedFrames: 0 };

  const push = (chunk: Uint8Array): Uint8Array[] => {
    const merged = concatBytes(buffer, chunk);
    const frames: Uint8Array[] = [];
    let start = 0;
    while (start < merged.length) {
      const b = merged[start]!;
      if (b === 0x0d || b === 0x0a) {
        start++;
        continue;
      }
      if (b === STAR) {
        let end = start + 1;
        while (end < merged.length && end - start < limit) {
          const c = merged[end]!;
          if (c === HASH || c === STAR || c < 0x20 || c > 0x7e) break;
          end++;
        }
        if (end - start >= limit) {
          // No '#' within the maximum: drop the start marker and resynchronise.
          stats.oversizedFrames++;
          start++;
          continue;
        }
        if (end >= merged.length) break; // wait for more bytes
        if (merged[end] === HASH) {
          frames.push(merged.slice(start, end + 1));
          start = end + 1;
          continue;
        }
        // Another '*' or a non-text byte before '#': what we had was garbage.
        stats.garbageBytes += end - start;
        start = end;
        continue;
      }
      if (b === DOLLAR) {
        const available = Math.min(merged.length - start, H02_BINARY_LENGTH);
        const head = merged.subarray(start, start + Math.min(available, 12));
        let ok = true;
        for (let i = 1; i < head.length; i++) if (!isBcd(head[i]!)) ok = false;
        if (!ok) {
          stats.garbageBytes++;
          start++;
          continue;
        }
        if (available < H02_BINARY_LENGTH) break;
        frames.push(merged.slice(start, start + H02_BINARY_LENGTH));
        start += H02_BINARY_LENGTH;
        continue;
      }
      stats.garbageBytes++;
      start++;
    }
    buffer = merged.slice(start);
    return frames;
  };

  return { push, stats };
}
