import { describe, expect, it } from 'vitest';
import { ByteBlocks } from '../src/gateway/byte-blocks.js';
import { FrameLog } from '../src/gateway/frame-log.js';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('a device frame log', () => {
  it('gives the frames as received, oldest first, and is empty after', () => {
    const log = new FrameLog(50, new ByteBlocks());
    log.append(1_795_000_000_123, Uint8Array.of(0x78, 0x78, 0x0d, 0x0a));
    log.append(1_795_000_001_456, bytes(300, 0x7e));
    expect(log.count).toBe(2);
    const [first, second] = log.take().split('\n');
    expect(first).toBe('1795000000123 78780d0a');
    expect(second).toBe(`1795000001456 ${'7e'.repeat(300)}`);
    expect(log.count).toBe(0);
    expect(log.take()).toBe('');
  });

  it('keeps the newest frames past its limit', () => {
    const log = new FrameLog(3, new ByteBlocks());
    for (let i = 0; i < 10; i++) log.append(i, bytes(i + 1, i));
    expect(log.take().split('\n')).toEqual([
      `7 ${'07'.repeat(8)}`,
      `8 ${'08'.repeat(9)}`,
      `9 ${'09'.repeat(10)}`,
    ]);
    log.append(42, Uint8Array.of(1));
    expect(log.take()).toBe('42 01');
  });

  it('keeps its frames in a block of the shared ones, grown as they come and given back when written', () => {
    const blocks = new ByteBlocks();
    const log = new FrameLog(50, blocks);
    for (let i = 0; i < 20; i++) log.append(i, bytes(40, i));
    // 20 frames of 50 bytes with their heads: the 1-KB block; the ones it grew from are free again.
    expect([blocks.take(256).byteOffset, blocks.take(512).byteOffset]).toEqual([0, 256]);
    expect(log.take().split('\n')[19]).toBe(`19 ${'13'.repeat(40)}`);
    const written = blocks.take(1000);
    expect([written.byteOffset, written.length]).toEqual([768, 1024]);
    // What the log wrote into it: the newest frame's head and bytes.
    expect(written.subarray(19 * 50 + 10, 20 * 50)).toEqual(bytes(40, 19));
  });
});
