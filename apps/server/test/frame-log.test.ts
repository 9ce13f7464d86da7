import { describe, expect, it } from 'vitest';
import { FrameLog } from '../src/gateway/frame-log.js';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('a device frame log', () => {
  it('gives the frames as received, oldest first, and is empty after', () => {
    const log = new FrameLog(50);
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
    const log = new FrameLog(3);
    for (let i = 0; i < 10; i++) log.append(i, bytes(i + 1, i));
    expect(log.take().split('\n')).toEqual([
      `7 ${'07'.repeat(8)}`,
      `8 ${'08'.repeat(9)}`,
      `9 ${'09'.repeat(10)}`,
    ]);
    log.append(42, Uint8Array.of(1));
    expect(log.take()).toBe('42 01');
  });
});
