/** Splits a watch byte stream into `[…]` frames; LEN (not bracket search) decides the end. */
import { concatBytes } from '../common/bytes.js';
import type { Framer } from '../types.js';
import { WATCH_MAX_FRAME_BYTES, scanFrame } from './frame.js';

export const maxFrameBytes = WATCH_MAX_FRAME_BYTES;

export function createWatchFramer(limit: number = maxFrameBytes): Framer {
  let buffer = new Uint8Array(0);
  const stats = { garbageBytes: 0, oversizedFrames: 0 };

  const push = (chunk: Uint8Array): Uint8Array[] => {
    const merged = concatBytes(buffer, chunk);
    let start = 0;
    const frames: Uint8Array[] = [];
    while (start < merged.length) {
      if (merged[start] !== 0x5b) {
        let next = merged.indexOf(0x5b, start);
        if (next < 0) next = merged.length;
        stats.garbageBytes += next - start;
        start = next;
        continue;
      }
      const scan = scanFrame(merged.subarray(start), limit);
      if (scan.kind === 'short') break;
      if (scan.kind === 'frame') {
        frames.push(merged.slice(start, start + scan.header.frameEnd));
        start += scan.header.frameEnd;
        continue;
      }
      if (scan.kind === 'oversized') stats.oversizedFrames++;
      else stats.garbageBytes++;
      start++;
    }
    buffer = merged.slice(start);
    return frames;
  };

  return { push, stats };
}
