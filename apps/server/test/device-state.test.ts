import type { DecodedMessage, Position } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { applyMessage, applyOffline, offlineState } from '../src/gateway/device-state.js';
import { toPositionRow } from '../src/gateway/position-row.js';

const fix = (fixTime: number, facts: Partial<Position> = {}): Position => ({
  fixTime,
  valid: true,
  latitude: 31.2,
  longitude: 121.5,
  speedKmh: 40,
  course: 90,
  lbsMode: 'gps',
  ...facts,
});

/** One message carrying `position` (and the messages before it), applied to `state` at `now`. */
function apply(
  state: ReturnType<typeof offlineState>,
  now: number,
  position?: Position,
  others: DecodedMessage[] = [],
) {
  const row = position && toPositionRow(7, position, now, null);
  const messages: DecodedMessage[] = position
    ? [...others, { type: 'position', position }]
    : others;
  applyMessage(state, messages, now, row, position, row ? 12.5 : null);
}

describe("a device's state, changed in place by each message", () => {
  it('takes the fix and the facts a position reports, and keeps the facts it does not', () => {
    const state = offlineState(7, 0);
    apply(state, 1000, fix(900, { batteryPercent: 80, satellites: 9, acc: true }));
    expect(state).toMatchObject({
      status: 'online',
      lastAlive: 1000,
      locateTime: 900,
      latitude: 31.2,
      speed: 40,
      battery: 80,
      satellites: 9,
      acc: 1,
      mileage: 12.5,
    });
    apply(state, 2000, undefined, [{ type: 'heartbeat', status: { signal: 70 } }]);
    expect(state).toMatchObject({ lastAlive: 2000, locateTime: 900, battery: 80, signal: 70 });
    expect(state.mileage).toBe(12.5);
  });

  it('keeps the newer fix when a late one arrives, and takes the later of two reports', () => {
    const state = offlineState(7, 0);
    apply(state, 1000, fix(900, { latitude: 30 }));
    apply(state, 2000, fix(500, { latitude: 29, batteryPercent: 60 }));
    expect(state).toMatchObject({ locateTime: 900, latitude: 30, battery: 60 });
    apply(state, 3000, undefined, [
      { type: 'status', status: { batteryPercent: 50 } },
      { type: 'heartbeat', status: { batteryPercent: 40, charging: true } },
    ]);
    expect(state).toMatchObject({ battery: 40, charging: 1 });
  });

  it('is shut down by a power-off report and offline when its connection ends', () => {
    const state = offlineState(7, 0);
    apply(state, 1000, undefined, [{ type: 'alarm', alarms: ['powerOff'] }]);
    expect(state.status).toBe('shutdown');
    apply(state, 2000, fix(1900));
    applyOffline(state, 3000);
    expect(state).toMatchObject({ status: 'offline', updatedAt: 3000, lastAlive: 2000 });
  });
});
