import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { escapeFrame, unescapeFrame } from '../../src/jt808/escaping.js';
import { xorChecksum } from '../../src/jt808/header.js';
import { jt808 } from '../../src/jt808/index.js';
import { alarmTypes, bcdTimeToUtc } from '../../src/jt808/location.js';
import { DecodeError, newSession } from '../../src/types.js';
import { frames } from './frames.js';

const decodeOrDecodeError = (frame: Uint8Array): void => {
  try {
    jt808.decode(frame, newSession());
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
  }
};

/** Re-seals header + body with a correct check code and escaping. */
const seal = (content: Uint8Array): Uint8Array => {
  const whole = new Uint8Array(content.length + 1);
  whole.set(content);
  whole[content.length] = xorChecksum(content);
  return escapeFrame(whole);
};

describe('jt808 robustness', () => {
  it('escape and unescape are inverse', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(bytesToHex(unescapeFrame(escapeFrame(bytes)))).toBe(bytesToHex(bytes));
      }),
    );
  });

  it('random bytes between flags decode or throw DecodeError, nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        decodeOrDecodeError(seal(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('corrupted real bodies (with a correct check code) only ever throw DecodeError', () => {
    const contents = Object.values(frames).map((hex) => {
      const data = unescapeFrame(hexToBytes(hex));
      return data.subarray(0, data.length - 1);
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...contents),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        fc.nat(),
        (content, edits, cut) => {
          const copy = content.slice(0, Math.max(4, content.length - (cut % 40)));
          for (const [at, value] of edits) copy[at % copy.length] = value;
          // Keep the header's body length consistent with what is left, so the body is parsed.
          const header = copy[2]! & 0x40 ? 17 : 12;
          const extra = copy[2]! & 0x20 ? 4 : 0;
          const bodyLength = Math.max(0, copy.length - header - extra);
          copy[2] = (copy[2]! & 0xfc) | ((bodyLength >> 8) & 0x03);
          copy[3] = bodyLength & 0xff;
          decodeOrDecodeError(seal(copy));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('maps alarm bits per protocols.md', () => {
    expect(alarmTypes(1 << 8)).toEqual(['powerCut']);
    expect(alarmTypes(1 << 15)).toEqual(['vibration']);
    expect(alarmTypes(1 << 16)).toEqual(['tearOff']);
    expect(alarmTypes(2 ** 28)).toEqual(['displacement']);
    expect(alarmTypes(2 ** 31)).toEqual(['other']);
    expect(alarmTypes(1 << 20, 0)).toEqual(['geofenceEnter']);
    expect(alarmTypes(1 << 20)).toEqual(['other']);
    expect(alarmTypes(1 << 2)).toEqual(['fatigue']);
    expect(alarmTypes((1 << 3) | (1 << 4))).toEqual(['other']);
    expect(alarmTypes(0)).toEqual([]);
  });

  it('reads BCD times as GMT+8 and rejects impossible ones', () => {
    expect(bcdTimeToUtc(hexToBytes('200101000000'))).toBe(Date.parse('2019-12-31T16:00:00Z'));
    expect(bcdTimeToUtc(hexToBytes('240229235959'))).toBe(Date.parse('2024-02-29T15:59:59Z'));
    for (const bad of ['230229000000', '000000000000', '2001011a0000', '200101240000']) {
      expect(() => bcdTimeToUtc(hexToBytes(bad))).toThrow(DecodeError);
    }
  });
});
