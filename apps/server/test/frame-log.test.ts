import { describe, expect, it } from 'vitest';
import { ChunkPool } from '../src/gateway/byte-chunks.js';
import { FrameLog } from '../src/gateway/frame-log.js';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('a device frame log', () => {
  it('gives the frames as received, oldest first, and is empty after', () => {
    const log = new FrameLog(50, new ChunkPool());
    log.append(1_795_000_000_123, Uint8Array.of(0x78, 0x78, 0x0d, 0x0a));
    log.append(1_795_000_001_456, bytes(300, 0x7e));
    expect(log.count).toBe(2);
    const [first, second] = log.take().text().split('\n');
    expect(first).toBe('1795000000123 78780d0a');
    expect(second).toBe(`1795000001456 ${'7e'.repeat(300)}`);
    expect(log.count).toBe(0);
    expect(log.take().text()).toBe('');
  });

  it('keeps the newest frames past its limit', () => {
    const log = new FrameLog(3, new ChunkPool());
    for (let i = 0; i < 10; i++) log.append(i, bytes(i + 1, i));
    expect(log.take().text().split('\n')).toEqual([
      `7 ${'07'.repeat(8)}`,
      `8 ${'08'.repeat(9)}`,
      `9 ${'09'.repeat(10)}`,
    ]);
    log.append(42, Uint8Array.of(1));
    expect(log.take().text()).toBe('42 01');
  });

  it('keeps its frames in chunks of the shared pool, given back when written', () => {
    const pool = new ChunkPool();
    const log = new FrameLog(50, pool);
    // 20 frames of 50 bytes with their heads, across two chunks of 512 bytes (one frame spans both).
    for (let i = 0; i < 20; i++) log.append(i, bytes(40, i));
    const lines = log.take().text().split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[10]).toBe(`10 ${'0a'.repeat(40)}`);
    expect(lines[19]).toBe(`19 ${'13'.repeat(40)}`);
    // Both chunks are back: the next two taken are them, the third a new one.
    const [a, b, c] = [pool.take(), pool.take(), pool.take()];
    expect([a.byteOffset, b.byteOffset].sort((x, y) => x - y)).toEqual([0, 512]);
    expect(c.byteOffset).toBe(1024);
    // What the log wrote: the newest frame's bytes at the end of the second chunk's part.
    const second = a.byteOffset === 512 ? a : b;
    expect(second.subarray(19 * 50 + 10 - 512, 20 * 50 - 512)).toEqual(bytes(40, 19));
  });

  it('drops its oldest frames from the front, across chunks, keeping the newest', () => {
    const pool = new ChunkPool();
    const log = new FrameLog(4, pool);
    for (let i = 0; i < 30; i++) log.append(1000 + i, bytes(200 + i, i));
    expect(log.count).toBe(4);
    expect(log.take().text().split('\n')).toEqual(
      [26, 27, 28, 29].map(
        (i) =>
          `${1000 + i} ${i
            .toString(16)
            .padStart(2, '0')
            .repeat(200 + i)}`,
      ),
    );
  });
});
