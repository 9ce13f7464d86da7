import { describe, expect, it } from 'vitest';
import { DeviceSnapshots, FRAMES_KEPT, FRAMES_WRITE_MS } from '../src/gateway/device-snapshots.js';
import { applyMessage, applyOffline } from '../src/gateway/device-state.js';
import type { DeviceStateUpsert } from '../src/repositories/ingest/ingest-batch.js';

/**
 * A message of the device heard at `at` (online, alive then) that also changed `changes` of its
 * state; answers the snapshot to write at once, if any.
 */
function record(
  snapshots: DeviceSnapshots,
  at: number,
  changes: Partial<DeviceStateUpsert> = {},
  frame?: Uint8Array,
  deviceId = 7,
) {
  const state = snapshots.heldState(deviceId, at);
  applyMessage(state, [], at, undefined, undefined, null);
  Object.assign(state, changes);
  return snapshots.recorded(deviceId, frame, at);
}
/** A one-byte frame: `at` as its byte (received at `at`, as the pipeline records it). */
const frame = (at: number) => Uint8Array.of(at);

describe('device snapshots', () => {
  it('writes a device state at once, then merged, in its turn once per interval', () => {
    const snapshots = new DeviceSnapshots(2000);
    expect(record(snapshots, 0, { battery: 80 }, frame(0))?.state.battery).toBe(80);
    expect(record(snapshots, 500, { locateTime: 400, latitude: 31 })).toBe(undefined);
    expect(record(snapshots, 900, { battery: 75 })).toBe(undefined);
    expect(record(snapshots, 2100)).toBe(undefined);
    // Device 7 is in the first turn of eight (ids 0–255): 0–249 ms of each 2-s interval.
    expect(snapshots.takeWaiting(2300)).toEqual([]);
    const [due] = snapshots.takeWaiting(4100);
    expect(due?.state).toMatchObject({
      lastAlive: 2100,
      locateTime: 400,
      latitude: 31,
      battery: 75,
    });
    expect(due?.frames).toBeUndefined();
    expect(snapshots.takeWaiting(4200)).toEqual([]);
  });

  it('writes neighbouring ids in one turn, in id order, and a state that missed its turn next', () => {
    const snapshots = new DeviceSnapshots(2000);
    for (const id of [300, 7, 600, 255, 256]) record(snapshots, 0, {}, undefined, id);
    for (const id of [300, 7, 600, 255, 256]) record(snapshots, 10, {}, undefined, id);
    const ids = (at: number) => snapshots.takeWaiting(at).map((s) => s.state.deviceId);
    expect(ids(2000)).toEqual([7, 255]);
    expect(ids(2250)).toEqual([256, 300]);
    // 600 is in the third turn (2500–2749 ms); the run for it never came: it goes in the next.
    expect(ids(2800)).toEqual([600]);
  });

  it('writes a status change at once, whatever the interval', () => {
    const snapshots = new DeviceSnapshots(60_000);
    record(snapshots, 0);
    expect(record(snapshots, 10)).toBeUndefined();
    applyOffline(snapshots.heldState(7, 20), 20);
    const offline = snapshots.recorded(7, undefined, 20);
    expect(offline?.state).toMatchObject({ status: 'offline', lastAlive: 10 });
  });

  it('hands out what waits for its interval, and keeps the newest frames', () => {
    const snapshots = new DeviceSnapshots(2000);
    for (let at = 0; at < FRAMES_KEPT + 10; at++) record(snapshots, at, {}, frame(at));
    // The state waits for its turn (the first message's was written at once, at 0), the frames
    // for their interval from the first message on.
    expect(snapshots.takeWaiting(300)).toEqual([]);
    expect(snapshots.takeWaiting(2000).map((s) => s.frames)).toEqual([undefined]);
    expect(snapshots.takeWaiting(2100)).toEqual([]);
    const [late] = snapshots.takeWaiting(FRAMES_WRITE_MS + 1);
    const lines = late!.frames!.frames.text().split('\n');
    expect(lines).toHaveLength(FRAMES_KEPT);
    expect(lines.at(-1)).toBe(`${FRAMES_KEPT + 9} ${(FRAMES_KEPT + 9).toString(16)}`);
    expect(lines[0]).toBe('10 0a');
  });

  it('hands out everything not written yet when the gateway stops', () => {
    const snapshots = new DeviceSnapshots(2000);
    record(snapshots, 0, {}, frame(0));
    record(snapshots, 10, {}, frame(10));
    // Not device 7's turn (0–249 ms of each interval).
    expect(snapshots.takeWaiting(300)).toEqual([]);
    const [last] = snapshots.takeWaiting(300, true);
    expect(last!.state).toMatchObject({ lastAlive: 10 });
    expect(last!.frames!.frames.text()).toBe('0 00\n10 0a');
    expect(snapshots.takeWaiting(300, true)).toEqual([]);
  });
});
