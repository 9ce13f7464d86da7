import fc from 'fast-check';
import { expect } from 'vitest';
import { concatBytes } from '../../src/common/bytes.js';
import type { Protocol } from '../../src/types.js';

const asHex = (frames: Uint8Array[]) => frames.map((f) => Buffer.from(f).toString('hex'));

/**
 * The framer properties every protocol must have: any split of a stream of valid frames gives the
 * same frames; random bytes never throw and never hang; a frame past the maximum is dropped and
 * the framer resynchronises on the next valid frame.
 */
export function checkFramerProperties(
  protocol: Protocol,
  validFrames: Uint8Array[],
  oversized: Uint8Array,
  /** The frames as the framer answers them, when they differ from the wire (unescaped, delimiters cut). */
  expectedFrames: Uint8Array[] = validFrames,
): void {
  const stream = concatBytes(...validFrames);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 20 }), (cuts) => {
      const framer = protocol.createFramer();
      const points = [...new Set(cuts)].sort((a, b) => a - b);
      const frames: Uint8Array[] = [];
      let start = 0;
      for (const point of [...points, stream.length]) {
        frames.push(...framer.push(stream.subarray(start, point)));
        start = point;
      }
      expect(asHex(frames)).toEqual(asHex(expectedFrames));
    }),
  );

  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 4096 }), (noise) => {
      const framer = protocol.createFramer();
      expect(() => framer.push(noise)).not.toThrow();
      // After garbage, a valid frame still comes through (resynchronisation).
      const after = framer.push(concatBytes(validFrames[0]!, validFrames[0]!));
      expect(asHex(after).slice(-1)).toEqual(asHex([expectedFrames[0]!]));
    }),
    { numRuns: 200 },
  );

  const framer = protocol.createFramer();
  const frames = framer.push(concatBytes(oversized, validFrames[0]!));
  expect(asHex(frames)).toEqual(asHex([expectedFrames[0]!]));
  expect(framer.stats.oversizedFrames + framer.stats.garbageBytes).toBeGreaterThan(0);
}
