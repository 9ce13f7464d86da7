import { decodeTrack, encodeTrack, offset, type TrackPoint } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { buildTimeline, interpolate, positionAt } from './playback';

const START = Date.UTC(2026, 10, 23);
const HOME = { latitude: 31.2335, longitude: 121.4705 };

function track(points: { t: number; east: number }[]) {
  const rows: TrackPoint[] = points.map(({ t, east }) => {
    const place = offset(HOME, 0, east);
    return {
      time: START + t * 1000,
      ...place,
      gcjLatitude: place.latitude,
      gcjLongitude: place.longitude,
      speed: 0,
      course: 90,
      lbsMode: 'gps',
      valid: true,
      acc: null,
      reupload: false,
    };
  });
  const columns = decodeTrack(encodeTrack(rows));
  return { columns, all: Uint32Array.from(rows.map((_, i) => i)) };
}

describe('playback timeline', () => {
  it('plays moving time as it was, and shortens pauses in place and gaps', () => {
    const { columns, all } = track([
      { t: 0, east: 0 },
      { t: 10, east: 100 },
      { t: 20, east: 200 },
      { t: 620, east: 200 }, // ten minutes parked: one second
      { t: 7820, east: 5000 }, // two hours without data, somewhere else: one minute
    ]);
    const timeline = buildTimeline(columns, all);
    expect([...timeline.at]).toEqual([0, 10, 20, 21, 81]);
    expect(timeline.duration).toBe(81);
  });

  it('counts a fix 10 m or more from the last as moving, a closer one as standing still', () => {
    const { columns, all } = track([
      { t: 0, east: 0 },
      { t: 30, east: 9.8 }, // drift: one second
      { t: 60, east: 20.2 }, // 10.4 m on: thirty seconds
    ]);
    expect([...buildTimeline(columns, all).at]).toEqual([0, 1, 31]);
  });

  it('puts the marker between the points around a playback time', () => {
    const { columns, all } = track([
      { t: 0, east: 0 },
      { t: 10, east: 100 },
      { t: 20, east: 200 },
    ]);
    const timeline = buildTimeline(columns, all);
    expect(positionAt(timeline, 15)).toEqual({ step: 1, fraction: 0.5 });
    expect(positionAt(timeline, -3)).toEqual({ step: 0, fraction: 0 });
    expect(positionAt(timeline, 99)).toEqual({ step: 2, fraction: 0 });
    const middle = interpolate(columns, timeline, { step: 1, fraction: 0.5 });
    expect(middle.longitude).toBeCloseTo(offset(HOME, 0, 150).longitude, 6);
  });

  it('skips the points it is not given (hidden network fixes)', () => {
    const { columns } = track([
      { t: 0, east: 0 },
      { t: 10, east: 100 },
      { t: 20, east: 200 },
    ]);
    const timeline = buildTimeline(columns, Uint32Array.from([0, 2]));
    expect([...timeline.at]).toEqual([0, 20]);
  });
});
