import { encodeTrack, decodeTrack, type TrackPoint } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { addLivePoint, joinTrail, TRAIL_MS, trailOfTrack, type TrailPoint } from './trail';

const fix = (time: number, latitude = 22.5, longitude = 114): TrailPoint => ({
  time,
  latitude,
  longitude,
});

const trackPoint = (time: number, latitude: number, valid: boolean): TrackPoint => ({
  time,
  latitude,
  longitude: 114.05,
  gcjLatitude: latitude,
  gcjLongitude: 114.05,
  speed: 30,
  course: 90,
  lbsMode: 'gps',
  valid,
  acc: null,
  reupload: false,
});

describe('the recent trail', () => {
  it('is the valid fixes of the stored track', () => {
    const columns = decodeTrack(
      encodeTrack([
        trackPoint(1000, 22.5, true),
        trackPoint(2000, 22.6, false),
        trackPoint(3000, 22.7, true),
      ]),
    );
    expect(trailOfTrack(columns)).toEqual([
      { time: 1000, latitude: 22.5, longitude: 114.05 },
      { time: 3000, latitude: 22.7, longitude: 114.05 },
    ]);
  });

  it('goes on with the live fixes newer than the stored ones, within the hour', () => {
    const now = 10 * TRAIL_MS;
    const stored = [fix(now - TRAIL_MS - 1), fix(now - 60_000), fix(now - 30_000)];
    const live = [fix(now - 40_000), fix(now - 30_000), fix(now - 10_000)];
    expect(joinTrail(stored, live, now).map((point) => now - point.time)).toEqual([
      60_000, 30_000, 10_000,
    ]);
    expect(joinTrail([], [fix(now - TRAIL_MS - 5), fix(now)], now)).toEqual([fix(now)]);
  });

  it('takes each live fix once, in order', () => {
    const first = addLivePoint([], fix(1000));
    expect(addLivePoint(first, fix(1000))).toBe(first);
    expect(addLivePoint(first, fix(900))).toBe(first);
    expect(addLivePoint(first, fix(2000, 22.6))).toEqual([fix(1000), fix(2000, 22.6)]);
  });
});
