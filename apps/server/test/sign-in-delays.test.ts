import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/services/address-key.js';
import { penaltyMs } from '../src/services/login-guard.js';
import { PenaltyDelay } from '../src/services/penalty-delay.js';

describe('penalty delays', () => {
  it('double from 1 s past the free attempts, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((excess) => penaltyMs(excess, 10_000))).toEqual([
      0, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(penaltyMs(3, 0)).toBe(0);
  });

  it('hold at most maxWaiting answers at once; the rest go out at once', async () => {
    const timers: Array<() => void> = [];
    const delay = new PenaltyDelay(2, (done) => timers.push(done));
    const settled: number[] = [];
    const waits = [1, 2, 3].map((n) => delay.wait(1000).then(() => settled.push(n)));
    await waits[2];
    expect(settled).toEqual([3]);
    expect(timers).toHaveLength(2);
    timers.forEach((done) => done());
    await Promise.all(waits);
    expect(settled).toEqual([3, 1, 2]);
    void delay.wait(1000);
    expect(timers).toHaveLength(3);
  });
});

describe('address keys', () => {
  it('count IPv4 by address and IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:0DB8:0000:0012:abcd::9%eth0')).toBe('2001:db8:0:12::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
