import { DeviceState, type LbsInfo, type Terminal } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { featureFlags, terminal, terminalTypeInfo } from '../test/fixtures';
import { cardView, MAX_FACTS } from './card-facts';

const NOW = Date.UTC(2025, 0, 2, 12, 0);
const MINUTE = 60_000;

/** A device whose last fix was `minutesAgo` before NOW, with these lbsInfo facts. */
function device(patch: Partial<Terminal>, info: Partial<LbsInfo>, minutesAgo = 1): Terminal {
  const base = terminal(1, { locateTime: NOW - minutesAgo * MINUTE, ...patch });
  return { ...base, lbsInfo: { ...base.lbsInfo, locateTime: base.locateTime, ...info } };
}

const WATCH = { ...terminalTypeInfo(featureFlags(true)), name: 'D9', category: 'watch' };
const keys = (view: ReturnType<typeof cardView>) => view.facts.map((fact) => fact.key);

describe('the device card', () => {
  it("shows a car's ignition, today's and total mileage and external voltage first", () => {
    const car = device({}, { speed: 53.5, acc: 1, voltage: 12.6, mileage: 1234.5 });
    const view = cardView(car, NOW, 1200.25);
    expect(view.watch).toBe(false);
    expect(view.facts.slice(0, 5)).toEqual([
      { key: 'speed', value: 53.5 },
      { key: 'acc', value: true },
      { key: 'todayMileage', value: 34.25 },
      { key: 'odometer', value: 1234.5 },
      { key: 'voltage', value: 12.6 },
    ]);
    expect(view.facts.length).toBeLessThanOrEqual(MAX_FACTS);
    expect(view.battery).toBeNull();
    expect(view.lastSpeed).toBeNull();
    // ACC off is a fact too; an odometer reset never makes the day negative.
    expect(cardView(device({}, { acc: 0 }), NOW, null).facts).toContainEqual({
      key: 'acc',
      value: false,
    });
    expect(cardView(car, NOW, 1300).facts).toContainEqual({ key: 'todayMileage', value: 0 });
  });

  it('leaves out every fact the device does not report, and today while the day start is unknown', () => {
    const bare = device(
      { motion: false },
      {
        speed: 0,
        acc: null,
        voltage: null,
        mileage: null,
        battery: null,
        wlSignal: null,
        gnssCount: null,
        lbsMode: null,
      },
    );
    expect(keys(cardView(bare, NOW, 100))).toEqual(['speed']);
    const noDayStart = device({}, { mileage: 50 });
    expect(keys(cardView(noDayStart, NOW, null))).not.toContain('todayMileage');
    expect(keys(cardView(noDayStart, NOW, null))).toContain('odometer');
  });

  it("puts a watch's battery in the head, with no ACC, voltage or mileage rows", () => {
    const watch = device(
      { terminalTypeInfo: WATCH },
      { battery: 76, batteryState: 1, acc: null, voltage: null, mileage: 3.2, wlSignal: 80 },
    );
    const view = cardView(watch, NOW, 1);
    expect(view.watch).toBe(true);
    expect(view.battery).toEqual({ percent: 76, charging: true });
    expect(keys(view)).toEqual(['mode', 'signal', 'satellites', 'speed']);
    expect(
      cardView({ ...watch, lbsInfo: { ...watch.lbsInfo, battery: null } }, NOW, 1).battery,
    ).toBeNull();
  });

  it("tells an offline device's speed as its last, with the fix's age, never as now's", () => {
    const offline = device(
      { deviceState: DeviceState.OFFLINE, motion: false },
      { speed: 53, acc: 1 },
      125,
    );
    const view = cardView(offline, NOW, null);
    expect(view.reporting).toBe(false);
    expect(keys(view)).not.toContain('speed');
    expect(keys(view)).toContain('acc');
    expect(view.lastSpeed).toBe(53);
    expect(view.freshness).toEqual({
      age: { unit: 'hours', count: 2 },
      stale: true,
      current: false,
    });
    // Online but its fix is old: the same, while the facts of its heartbeats are now's.
    const quiet = cardView(device({}, { speed: 40 }, 20), NOW, null);
    expect(quiet.lastSpeed).toBe(40);
    expect(quiet.reporting).toBe(true);
    // A parked device's last speed says nothing.
    expect(
      cardView(device({ deviceState: DeviceState.OFFLINE }, { speed: 0 }), NOW, null).lastSpeed,
    ).toBeNull();
  });
});
