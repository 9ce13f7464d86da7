import { concatBytes } from '../common/bytes.js';
import type { Framer } from '../types.js';

/** A batch of Traccar Client reports, or the hex dump of a request, fits. */
export const OSMAND_MAX_FRAME_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * OsmAnd travels over HTTP, which frames each request; this framer serves streams of payloads
 * (one request target or JSON body per line, as in a device log).
 */
export function createOsmAndFramer(): Framer {
  let buffer = new Uint8Array(0);
  let skipping = false;
  const stats = { garbageBytes: 0, oversizedFrames: 0 };
  return {
    stats,
    push(chunk) {
      const joined = concatBytes(buffer, chunk);
      const frames: Uint8Array[] = [];
      let start = 0;
      for (let i = 0; i < joined.length; i++) {
        if (joined[i] !== NEWLINE) continue;
        const line = joined.subarray(start, i);
        if (skipping) skipping = false;
        else if (line.length > OSMAND_MAX_FRAME_BYTES) stats.oversizedFrames++;
        else if (line.length > 0) frames.push(line.slice());
        start = i + 1;
      }
      buffer = joined.slice(start);
      if (buffer.length > OSMAND_MAX_FRAME_BYTES) {
        if (!skipping) stats.oversizedFrames++;
        skipping = true;
        buffer = new Uint8Array(0);
      }
      return frames;
    },
  };
}
