import { encodeTrack, offset, type TrackLbsMode, type TrackPoint } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { readTrackAnswer } from './track-answer';
import { buildTrackView } from './track-view';

const HOME = { latitude: 31.2335, longitude: 121.4705 };
const encoded = (modes: TrackLbsMode[]) =>
  encodeTrack(
    modes.map((lbsMode, i): TrackPoint => ({
      time: Date.UTC(2026, 10, 23) + i * 10_000,
      ...offset(HOME, 0, i * 100),
      gcjLatitude: HOME.latitude,
      gcjLongitude: HOME.longitude,
      speed: 36,
      course: 90,
      lbsMode,
      valid: true,
      acc: null,
      reupload: false,
    })),
  );
const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).buffer;
const options = { hideNetworkFixes: false, crs: 'wgs84' } as const;

describe('reading a track answer', () => {
  it('takes the points out of the body and prepares their view', () => {
    const points = encoded(['gps', 'lbs', 'gps']);
    const summary = { distance: 200 };
    const read = readTrackAnswer(
      bytes({ code: 0, message: 'ok', data: { summary, points } }),
      options,
    );
    expect(read.body).toEqual({ code: 0, message: 'ok', data: { summary } });
    expect(read.points).toEqual({ count: 3, hasNetworkFixes: true });
    expect(read.view).toEqual(buildTrackView(points, options));
  });

  it('says when no point is a network fix', () => {
    const data = { points: encoded(['gps', 'gps']) };
    const read = readTrackAnswer(bytes({ code: 0, message: 'ok', data }), options);
    expect(read.points).toEqual({ count: 2, hasNetworkFixes: false });
  });

  it('leaves an answer without points as it is, and a body that is not JSON undefined', () => {
    const failure = { code: 2501, message: 'gone', data: null };
    expect(readTrackAnswer(bytes(failure), options)).toEqual({
      body: failure,
      points: null,
      view: null,
    });
    const html = new TextEncoder().encode('<html>').buffer;
    expect(readTrackAnswer(html, options)).toEqual({ body: undefined, points: null, view: null });
  });
});
