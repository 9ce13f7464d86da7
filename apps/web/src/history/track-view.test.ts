import {
  decodeLevels,
  encodeTrack,
  offset,
  type TrackLbsMode,
  type TrackPoint,
} from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { linePointsAt } from '../map/track-line';
import { buildTimeline } from './playback';
import { buildTrackView, viewBuffers } from './track-view';

const START = Date.UTC(2026, 10, 23);
const HOME = { latitude: 31.2335, longitude: 121.4705 };

/** Fixes a minute apart going east; `gcjNorth` moves the GCJ-02 position of a fix north. */
function encoded(fixes: { east: number; mode?: TrackLbsMode; gcjNorth?: number }[]) {
  const points: TrackPoint[] = fixes.map(({ east, mode = 'gps', gcjNorth = 0 }, i) => {
    const place = offset(HOME, 0, east);
    const gcj = offset(place, gcjNorth, 0);
    return {
      time: START + i * 60_000,
      ...place,
      gcjLatitude: gcj.latitude,
      gcjLongitude: gcj.longitude,
      speed: 30,
      course: 90,
      lbsMode: mode,
      valid: true,
      acc: true,
      reupload: false,
    };
  });
  return encodeTrack(points);
}

describe('the track prepared for the page', () => {
  const fixes = [
    { east: 0 },
    { east: 500, mode: 'lbs' as const },
    { east: 1000, gcjNorth: 300 },
    { east: 3000, mode: 'wifi' as const },
    { east: 2000 },
  ];

  it('shows every point, or only GPS fixes when network fixes are hidden', () => {
    const all = buildTrackView(encoded(fixes), { hideNetworkFixes: false, crs: 'wgs84' });
    expect([...all.timeline.indices]).toEqual([0, 1, 2, 3, 4]);
    expect(all.corners[1]!.longitude).toBeCloseTo(offset(HOME, 0, 3000).longitude, 6);

    const gps = buildTrackView(encoded(fixes), { hideNetworkFixes: true, crs: 'wgs84' });
    expect(gps.columns.count).toBe(5);
    expect([...gps.timeline.indices]).toEqual([0, 2, 4]);
    expect([...gps.line.indices]).toEqual([0, 2, 4]);
    expect(gps.timeline).toEqual(buildTimeline(gps.columns, Uint32Array.from([0, 2, 4])));
    expect(gps.corners[1]!.longitude).toBeCloseTo(offset(HOME, 0, 2000).longitude, 6);
  });

  it('has no corners when no point is shown', () => {
    const view = buildTrackView(encoded([{ east: 0, mode: 'lbs' }]), {
      hideNetworkFixes: true,
      crs: 'wgs84',
    });
    expect(view.timeline.indices.length).toBe(0);
    expect(view.corners).toEqual([]);
  });

  it("simplifies the line in the base map's coordinates", () => {
    // Straight in WGS-84; in GCJ-02 the middle fix is 300 m off the line.
    const straight = [{ east: 0 }, { east: 1000, gcjNorth: 300 }, { east: 2000 }];
    const options = { hideNetworkFixes: false };
    const wgs = buildTrackView(encoded(straight), { ...options, crs: 'wgs84' });
    const gcj = buildTrackView(encoded(straight), { ...options, crs: 'gcj02' });
    expect(gcj.line.crs).toBe('gcj02');
    expect([...linePointsAt(wgs.line, 12)]).toEqual([0, 2]);
    expect([...linePointsAt(gcj.line, 12)]).toEqual([0, 1, 2]);
  });

  it("uses the answer's levels with every point shown, and simplifies the points left itself", () => {
    const all = buildTrackView(encoded(fixes), { hideNetworkFixes: false, crs: 'wgs84' });
    expect(all.line.levels).toEqual(decodeLevels(encoded(fixes).levels.wgs84));
    // East to 3,000 m (a Wi-Fi fix) and back to 2,000: without it, one straight line.
    expect([...linePointsAt(all.line, 12)]).toContain(3);
    const gps = buildTrackView(encoded(fixes), { hideNetworkFixes: true, crs: 'wgs84' });
    expect([...linePointsAt(gps.line, 12)]).toEqual([0, 4]);
  });

  it('hands its arrays over between threads without copying, each buffer once', () => {
    const view = buildTrackView(encoded(fixes), { hideNetworkFixes: false, crs: 'gcj02' });
    const copy = structuredClone(view, { transfer: viewBuffers(view) });
    expect(view.columns.latitude.length).toBe(0); // moved, not copied
    expect(copy.columns.count).toBe(5);
    expect(copy.line.sums.speed).toBe(copy.columns.speed);
    expect([...copy.timeline.indices]).toEqual([0, 1, 2, 3, 4]);
  });
});
