import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/clock.js';
import type { PositionRepository } from '../src/repositories/position.repository.js';
import type { SegmentRepository } from '../src/repositories/segment.repository.js';
import { DEFAULT_SEGMENT_RULES } from '../src/history/segment-rules.js';
import { SegmentUpdater } from '../src/history/segment-updater.js';

/** A sweep over devices whose runs never wait for I/O, as on SQLite's synchronous driver. */
async function sweepOfThree() {
  const updater = new SegmentUpdater(
    {} as PositionRepository,
    {} as SegmentRepository,
    DEFAULT_SEGMENT_RULES,
    systemClock,
    (error) => {
      throw error;
    },
  );
  for (const deviceId of [1, 2, 3]) await updater.stored(deviceId);
  const order: string[] = [];
  vi.spyOn(updater, 'update').mockImplementation((deviceId) => {
    order.push(`device ${deviceId}`);
    return Promise.resolve();
  });
  return { updater, order };
}

describe('segment sweep', () => {
  it('lets the server read sockets between devices', async () => {
    const { updater, order } = await sweepOfThree();
    const done = updater.sweep();
    setImmediate(() => order.push('socket read'));
    await done;
    expect(order).toEqual(['device 1', 'socket read', 'device 2', 'device 3']);
  });

  it('does not start a second sweep while one runs', async () => {
    const { updater, order } = await sweepOfThree();
    const first = updater.sweep();
    expect(updater.sweep()).toBe(first);
    await first;
    expect(order).toEqual(['device 1', 'device 2', 'device 3']);
  });

  it('ends after the device under way once the server stops', async () => {
    const { updater, order } = await sweepOfThree();
    const stopping = new AbortController();
    const done = updater.sweep(stopping.signal);
    setImmediate(() => {
      order.push('stop');
      stopping.abort();
    });
    await done;
    expect(order).toEqual(['device 1', 'stop']);
  });
});
