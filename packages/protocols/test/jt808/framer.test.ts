import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes } from '../../src/common/bytes.js';
import { jt808 } from '../../src/jt808/index.js';
import { checkFramerProperties } from '../support/framer-properties.js';
import { frames } from './frames.js';

const valid = [
  frames.docLocation,
  frames.traccarHeartbeat,
  frames.madeHeartbeat2019,
  frames.madeMediaSingle,
  frames.traccarBatch2019,
  frames.traccarRegister2013,
].map(hexToBytes);

describe('jt808 framer', () => {
  it('has the common framer properties', () => {
    const oversized = concatBytes(
      Uint8Array.of(0x7e),
      new Uint8Array(jt808.maxFrameBytes + 10).fill(0x11),
      Uint8Array.of(0x7e),
    );
    checkFramerProperties(jt808, valid, oversized);
  });

  it('gives frames exactly as sent, escapes included', () => {
    const framer = jt808.createFramer();
    const out = framer.push(hexToBytes(frames.madeMediaSingle));
    expect(out.map(bytesToHex)).toEqual([frames.madeMediaSingle]);
  });

  it('gives a read that is one whole frame as it is, and frames a split one after it', () => {
    const framer = jt808.createFramer();
    const whole = hexToBytes(frames.docLocation);
    const [given] = framer.push(whole);
    expect(given).toBe(whole);
    const next = hexToBytes(frames.traccarHeartbeat);
    expect(framer.push(next.subarray(0, 5))).toEqual([]);
    const [rest] = framer.push(next.subarray(5));
    expect(bytesToHex(rest!)).toBe(frames.traccarHeartbeat);
    expect(rest!.buffer).not.toBe(next.buffer);
  });

  it('skips garbage and a shapeless 0x7e…0x7e run, then resynchronises', () => {
    const framer = jt808.createFramer();
    const out = framer.push(
      concatBytes(hexToBytes('0102037e0405067e'), hexToBytes(frames.traccarHeartbeat)),
    );
    expect(out.map(bytesToHex)).toEqual([frames.traccarHeartbeat]);
    expect(framer.stats.garbageBytes).toBe(8); // every byte before the heartbeat
  });

  it('drops a frame past maxFrameBytes and counts it', () => {
    const framer = jt808.createFramer();
    const big = concatBytes(
      Uint8Array.of(0x7e),
      new Uint8Array(jt808.maxFrameBytes).fill(0x22),
      Uint8Array.of(0x7e),
    );
    const out = framer.push(concatBytes(big, hexToBytes(frames.traccarHeartbeat)));
    expect(out.map(bytesToHex)).toEqual([frames.traccarHeartbeat]);
    expect(framer.stats.oversizedFrames).toBe(1);
  });

  it('accepts the largest possible frame (1023-byte body, every byte escaped)', () => {
    const framer = jt808.createFramer();
    // 2019 header, subpackage bit, body length 1023: everything except the id escaped as 7d 02.
    const content: number[] = [0x00, 0x02, 0x63, 0xff, 0x7e, ...new Array(10).fill(0x7e)];
    content.push(0x7e, 0x7e, 0x7e, 0x7e, 0x7e, 0x7e, ...new Array(1023).fill(0x7e));
    content.push(content.reduce((a, b) => a ^ b, 0));
    const escaped = content.flatMap((byte) => (byte === 0x7e ? [0x7d, 0x02] : [byte]));
    const frame = Uint8Array.from([0x7e, ...escaped, 0x7e]);
    expect(frame.length).toBeLessThanOrEqual(jt808.maxFrameBytes);
    expect(framer.push(frame)).toHaveLength(1);
  });

  it('closes a frame shorter than its length field (wrong check code too) at the next flag or the chunk end', () => {
    // Traccar's test frame whose length field says 50 bytes where 40 follow.
    const short =
      '7e02000032013511221122000700000000000c000301578cc006ca3a5c00470000000014072317201501040000000030011631010bd07e';
    const framer = jt808.createFramer();
    expect(framer.push(hexToBytes(short + frames.traccarHeartbeat)).map(bytesToHex)).toEqual([
      short,
      frames.traccarHeartbeat,
    ]);
    expect(framer.push(hexToBytes(short)).map(bytesToHex)).toEqual([short]);
    expect(framer.stats.garbageBytes).toBe(0);
  });

  it('recovers the frame after a short one that shares no flag with it', () => {
    const short = '7e020000320135112211220007' + '00'.repeat(20) + '0b7e';
    const framer = jt808.createFramer();
    const out = framer.push(hexToBytes(short + '0000' + frames.traccarHeartbeat));
    expect(out.map(bytesToHex).at(-1)).toBe(frames.traccarHeartbeat);
  });
});
