import type { Terminal } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { applyLiveUpdates } from './live-terminals';

const terminal = (id: number): Terminal =>
  ({
    id,
    deviceState: 2,
    status: 'offline',
    lonWGS84: 114,
    latWGS84: 22,
    lbsInfo: { speed: 0, battery: 50, gnssCount: 4 },
  }) as unknown as Terminal;

describe('live terminals', () => {
  it('patches only the devices named, field by field in lbsInfo', () => {
    const before = [terminal(1), terminal(2)];
    const after = applyLiveUpdates(before, [
      { id: 2, deviceState: 1, status: 'moving', latWGS84: 22.5, lbsInfo: { speed: 42.5 } },
    ]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toMatchObject({
      deviceState: 1,
      status: 'moving',
      latWGS84: 22.5,
      lonWGS84: 114,
      lbsInfo: { speed: 42.5, battery: 50, gnssCount: 4 },
    });
    expect(applyLiveUpdates(before, [])).toBe(before);
  });
});
