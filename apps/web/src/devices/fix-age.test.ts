import { DeviceState } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { terminal, terminalTypeInfo, featureFlags } from '../test/fixtures';
import { ageOf, freshnessOf, STALE_AFTER_MS } from './fix-age';

const NOW = 10 * 86_400_000;
const MINUTE = 60_000;

const watch = (patch: Parameters<typeof terminal>[1]) =>
  terminal(2, {
    terminalTypeInfo: { ...terminalTypeInfo(featureFlags(true)), name: 'D9', category: 'watch' },
    ...patch,
  });

describe('the age of a fix', () => {
  it('tells the age in whole units', () => {
    expect(ageOf(null, NOW)).toBeNull();
    expect(ageOf(NOW - 30_000, NOW)).toEqual({ unit: 'justNow', count: 0 });
    expect(ageOf(NOW - 5 * MINUTE, NOW)).toEqual({ unit: 'minutes', count: 5 });
    expect(ageOf(NOW - 3 * 60 * MINUTE, NOW)).toEqual({ unit: 'hours', count: 3 });
    expect(ageOf(NOW - 2 * 86_400_000, NOW)).toEqual({ unit: 'days', count: 2 });
    expect(ageOf(NOW + MINUTE, NOW)).toEqual({ unit: 'justNow', count: 0 });
  });

  it('is the age of the locate time, whatever the device said since', () => {
    const heardNow = terminal(1, {
      locateTime: NOW - 3 * 60 * MINUTE,
      lbsInfo: { ...terminal(1).lbsInfo, lastAlive: NOW, locateTime: NOW - 3 * 60 * MINUTE },
    });
    expect(freshnessOf(heardNow, NOW).age).toEqual({ unit: 'hours', count: 3 });
    expect(freshnessOf(terminal(1, { locateTime: null }), NOW)).toEqual({
      age: null,
      stale: false,
      current: false,
    });
  });

  it('looks stale past 10 min for a vehicle and past an hour for a watch', () => {
    const car = (minutes: number) => terminal(1, { locateTime: NOW - minutes * MINUTE });
    expect(STALE_AFTER_MS.vehicle).toBe(10 * MINUTE);
    expect(freshnessOf(car(9), NOW).stale).toBe(false);
    expect(freshnessOf(car(11), NOW).stale).toBe(true);
    expect(freshnessOf(watch({ locateTime: NOW - 30 * MINUTE }), NOW).stale).toBe(false);
    expect(freshnessOf(watch({ locateTime: NOW - 61 * MINUTE }), NOW).stale).toBe(true);
  });

  it("speaks for now only while online and within the motion rule's 5 min", () => {
    const fresh = { locateTime: NOW - MINUTE };
    expect(freshnessOf(terminal(1, fresh), NOW).current).toBe(true);
    expect(freshnessOf(terminal(1, { locateTime: NOW - 6 * MINUTE }), NOW).current).toBe(false);
    expect(
      freshnessOf(terminal(1, { ...fresh, deviceState: DeviceState.OFFLINE }), NOW).current,
    ).toBe(false);
  });
});
