import { describe, expect, it } from 'vitest';
import { bytesText, concatBytes, textBytes } from '../../src/common/bytes.js';
import { watch } from '../../src/watch/index.js';
import { checkFramerProperties } from '../support/framer-properties.js';

const voice = concatBytes(
  textBytes('[3G*8800000015*0010*TK,'),
  // 13 escaped binary bytes; a raw ']' could not appear, but a '[' lookalike header could not either.
  Uint8Array.from([0x23, 0x21, 0x7d, 0x03, 0x7d, 0x02, 0x00, 0xff, 0x7d, 0x01, 0x10, 0x20, 0x30]),
  textBytes(']'),
);

const validFrames = [
  textBytes('[3G*8800000015*000D*LK,50,100,100]'),
  textBytes('[SG*8800000015*0002*LK]'),
  voice,
  textBytes('[3G*1234567890*0001*0002*LK]'),
  textBytes('[3G*8800000015*0006*UPLOAD]'),
];

const oversized = concatBytes(
  textBytes('[3G*8800000015*FFFF*TK,'),
  new Uint8Array(0xffff - 3).fill(0x41),
  textBytes(']'),
);

describe('watch framer', () => {
  it('has the common framer properties', () => {
    expect(watch.maxFrameBytes).toBe(64 * 1024);
    expect(oversized.length).toBeGreaterThan(watch.maxFrameBytes);
    checkFramerProperties(watch, validFrames, oversized);
  });

  it('uses LEN, not the first "]", to end a frame', () => {
    const content = 'TK,ab]cd';
    const frame = textBytes(`[3G*8800000015*0008*${content}]`);
    const framer = watch.createFramer();
    expect(framer.push(frame).map(bytesText)).toEqual([`[3G*8800000015*0008*${content}]`]);
  });

  it('skips garbage and CR/LF between frames and counts it', () => {
    const framer = watch.createFramer();
    const out = framer.push(textBytes('xx\r\n[3G*8800000015*0002*LK]\r\n[bad]'));
    expect(out.map(bytesText)).toEqual(['[3G*8800000015*0002*LK]']);
    expect(framer.stats.garbageBytes).toBe(11);
  });
});
