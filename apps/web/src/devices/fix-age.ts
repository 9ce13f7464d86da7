import { DeviceState, MOTION_FRESH_MS, type Terminal } from '@xunji/shared';

/** "3 min ago" style age, in whole units. */
export interface Age {
  unit: 'justNow' | 'minutes' | 'hours' | 'days';
  count: number;
}

/** The age of an instant the server reported (a fix, a heartbeat) at `now`; null without one. */
export function ageOf(time: number | null, now: number): Age | null {
  if (time === null) return null;
  const minutes = Math.floor(Math.max(0, now - time) / 60_000);
  if (minutes < 1) return { unit: 'justNow', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

/**
 * Past this a fix looks stale: a wired vehicle tracker reports every few seconds while it
 * drives and every few minutes parked; battery devices (watches, pet and wireless trackers)
 * save their battery with fixes from every 10 minutes to hours apart.
 */
export const STALE_AFTER_MS = { vehicle: 10 * 60_000, battery: 60 * 60_000 } as const;

export const staleAfterMs = (terminal: Terminal): number =>
  terminal.terminalTypeInfo.category === 'wired' ? STALE_AFTER_MS.vehicle : STALE_AFTER_MS.battery;

/** What the device's last fix says about now. */
export interface FixFreshness {
  /** The age of the fix itself (its locate time), never of the fetch that brought it. */
  age: Age | null;
  /** Older than the device's kind reports at. */
  stale: boolean;
  /** Online with a fix recent enough that its speed is the speed now (the §4 motion rule). */
  current: boolean;
}

export function freshnessOf(terminal: Terminal, now: number): FixFreshness {
  const { locateTime } = terminal;
  const elapsed = locateTime === null ? Infinity : now - locateTime;
  return {
    age: ageOf(locateTime, now),
    stale: locateTime !== null && elapsed > staleAfterMs(terminal),
    current: terminal.deviceState === DeviceState.ONLINE && elapsed <= MOTION_FRESH_MS,
  };
}
