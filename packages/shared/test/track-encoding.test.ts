import { describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '../src/geo.js';
import {
  decodeLevels,
  decodeTrack,
  encodeStoredTrack,
  encodeTrack,
  isNetworkFix,
  keptAt,
  trackPointAt,
  zoomLevels,
  type StoredTrackColumns,
  type TrackPoint,
} from '../src/track-encoding.js';

function pointAt(i: number): TrackPoint {
  const latitude = 31.2335 + i * 0.00011;
  const longitude = 121.4705 + i * 0.00007;
  const gcj = wgs84ToGcj02({ latitude, longitude });
  return {
    time: Date.UTC(2026, 10, 23) + i * 1000,
    latitude,
    longitude,
    gcjLatitude: gcj.latitude,
    gcjLongitude: gcj.longitude,
    speed: (i * 7.13) % 90,
    course: (i * 11) % 360,
    lbsMode: i % 10 === 0 ? 'lbs' : 'gps',
    valid: i % 10 !== 0,
    acc: i % 3 === 0 ? null : i % 3 === 1,
    reupload: i % 7 === 0,
  };
}

describe('track encoding', () => {
  const points = Array.from({ length: 500 }, (_, i) => pointAt(i));
  const columns = decodeTrack(JSON.parse(JSON.stringify(encodeTrack(points))));

  it('gives back every point to a micro-degree and a hundredth of a km/h', () => {
    expect(columns.count).toBe(500);
    for (const i of [0, 1, 9, 10, 250, 499]) {
      const back = trackPointAt(columns, i);
      const sent = points[i]!;
      expect(back.time).toBe(sent.time);
      expect(back.latitude).toBeCloseTo(sent.latitude, 6);
      expect(back.longitude).toBeCloseTo(sent.longitude, 6);
      expect(back.gcjLatitude).toBeCloseTo(sent.gcjLatitude, 5);
      expect(back.gcjLongitude).toBeCloseTo(sent.gcjLongitude, 5);
      expect(back.speed).toBeCloseTo(sent.speed, 2);
      expect(back).toMatchObject({
        course: sent.course,
        lbsMode: sent.lbsMode,
        valid: sent.valid,
        acc: sent.acc,
        reupload: sent.reupload,
      });
      expect(isNetworkFix(columns, i)).toBe(sent.lbsMode !== 'gps');
    }
  });

  it('sends small numbers: time and coordinate columns are differences', () => {
    const encoded = encodeTrack(points);
    expect(encoded.time.slice(1).every((dt) => dt === 1000)).toBe(true);
    expect(Math.max(...encoded.lat.slice(1).map(Math.abs))).toBeLessThan(200);
    expect(Math.max(...encoded.gcjLat.slice(1).map(Math.abs))).toBeLessThan(5);
  });

  it("sends each point's zoom level per coordinate system, as the app would compute it", () => {
    const all = Uint32Array.from(points, (_, i) => i);
    const expected = {
      wgs84: zoomLevels(columns.latitude, columns.longitude, all),
      gcj02: zoomLevels(columns.gcjLatitude, columns.gcjLongitude, all),
    };
    expect(decodeLevels(columns.levels.wgs84)).toEqual(expected.wgs84);
    expect(decodeLevels(columns.levels.gcj02)).toEqual(expected.gcj02);
    expect(encodeTrack(points).levels.wgs84).toMatch(/^[a-u]{500}$/);
    // A straight line (to a micro-degree): its ends are enough at every zoom.
    expect([...keptAt(expected.wgs84, all, 19)]).toEqual([0, 499]);
  });

  it('encodes an empty track', () => {
    const empty = decodeTrack(encodeTrack([]));
    expect(empty.count).toBe(0);
    expect(empty.levels.wgs84).toHaveLength(0);
  });
});

describe('stored track encoding', () => {
  it('gives exactly what encodeTrack gives from points converted one by one', () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      fixTime: Date.UTC(2026, 10, 23) + i * 1000,
      // Inside China, then outside it (no offset there).
      latitude: i < 200 ? 31.2335 + i * 0.0001 : 1.3521 + i * 0.0001,
      longitude: i < 200 ? 121.4705 + i * 0.0001 : 103.8198,
      speed: (i * 3.7) % 80,
      course: (i * 13) % 360,
      lbsMode: i % 9 === 0 ? 'wifi' : 'gps',
      valid: i % 9 === 0 ? 0 : 1,
      acc: i % 4 === 0 ? null : i % 2,
      reupload: i % 5 === 0 ? 1 : 0,
    }));
    const expected = encodeTrack(
      rows.map((row) => {
        const gcj = wgs84ToGcj02(row);
        return {
          time: row.fixTime,
          latitude: row.latitude,
          longitude: row.longitude,
          gcjLatitude: gcj.latitude,
          gcjLongitude: gcj.longitude,
          speed: row.speed,
          course: row.course,
          lbsMode: row.lbsMode as 'gps' | 'wifi',
          valid: row.valid === 1,
          acc: row.acc === null ? null : row.acc === 1,
          reupload: row.reupload === 1,
        };
      }),
    );
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    const stored: StoredTrackColumns = {
      fixTime: column('fixTime'),
      latitude: column('latitude'),
      longitude: column('longitude'),
      speed: column('speed'),
      course: column('course'),
      lbsMode: column('lbsMode'),
      valid: column('valid'),
      acc: column('acc'),
      reupload: column('reupload'),
    };
    expect(encodeStoredTrack(stored)).toEqual(expected);
    expect(encodeStoredTrack(emptyColumns()).count).toBe(0);
  });
});

const emptyColumns = (): StoredTrackColumns => ({
  fixTime: [],
  latitude: [],
  longitude: [],
  speed: [],
  course: [],
  lbsMode: [],
  valid: [],
  acc: [],
  reupload: [],
});
