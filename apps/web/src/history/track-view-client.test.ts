import { encodeTrack, offset, type TrackPoint } from '@xunji/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTrackAnswer, type TrackPoints } from './track-answer';
import { buildTrackView, viewBuffers, type TrackViewOptions } from './track-view';
import type { TrackReadRequest } from './track-view.worker';

const HOME = { latitude: 31.2335, longitude: 121.4705 };
const encoded = () =>
  encodeTrack(
    [0, 100, 250].map((east, i): TrackPoint => ({
      time: Date.UTC(2026, 10, 23) + i * 10_000,
      ...offset(HOME, 0, east),
      gcjLatitude: HOME.latitude,
      gcjLongitude: HOME.longitude,
      speed: 36,
      course: 90,
      lbsMode: 'gps',
      valid: true,
      acc: null,
      reupload: false,
    })),
  );
const answer = (): TrackPoints => ({
  bytes: new TextEncoder().encode(JSON.stringify({ code: 0, data: { points: encoded() } })).buffer,
  count: 3,
  hasNetworkFixes: false,
});
const options: TrackViewOptions = { hideNetworkFixes: false, crs: 'wgs84' };
const expected = (o = options) => buildTrackView(encoded(), o);

/** A worker that answers as the real one does, on the next turn. */
class FakeWorker extends EventTarget {
  static created = 0;
  static requests: TrackReadRequest[] = [];
  static broken = false;
  constructor() {
    super();
    FakeWorker.created++;
  }
  postMessage(request: TrackReadRequest) {
    FakeWorker.requests.push(request);
    setTimeout(() => {
      if (FakeWorker.broken) return this.dispatchEvent(new Event('error'));
      const read = readTrackAnswer(request.bytes, request.options);
      const transfer = read.view ? viewBuffers(read.view) : [];
      const data = structuredClone({ id: request.id, read }, { transfer });
      this.dispatchEvent(new MessageEvent('message', { data }));
    });
  }
  terminate() {}
}

/** A fresh client (its worker is a module-level singleton). */
const client = async () => {
  vi.resetModules();
  return import('./track-view-client');
};

beforeEach(() => {
  FakeWorker.created = 0;
  FakeWorker.requests = [];
  FakeWorker.broken = false;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preparing a track', () => {
  const hidden = { ...options, hideNetworkFixes: true };

  it('has the worker simplify the points left when some are hidden, each view once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { prepareTrackView, preparedView } = await client();
    const points = answer();
    expect(preparedView(points, hidden)).toBeUndefined();
    const view = await prepareTrackView(points, hidden);
    expect(view).toEqual(expected(hidden));
    expect(preparedView(points, hidden)).toBe(view);
    expect(await prepareTrackView(points, hidden)).toBe(view);
    expect(FakeWorker.requests).toHaveLength(1);
    expect(points.bytes.byteLength).toBeGreaterThan(0);

    const gcj = { ...hidden, crs: 'gcj02' as const };
    expect(await prepareTrackView(points, gcj)).toEqual(expected(gcj));
    await prepareTrackView(answer(), hidden);
    expect(FakeWorker.requests).toHaveLength(3);
    expect(FakeWorker.created).toBe(1);
  });

  it("reads it here, with the server's levels, when every point is shown", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { prepareTrackView, preparedView } = await client();
    const points = answer();
    const view = await prepareTrackView(points, options);
    expect(view).toEqual(expected());
    expect(preparedView(points, options)).toBe(view);
    expect(FakeWorker.created).toBe(0);
  });

  it('keeps a view prepared while the answer was read', async () => {
    const { prepareTrackView, preparedView, rememberView } = await client();
    const points = answer();
    const view = expected();
    rememberView(points, options, view);
    expect(preparedView(points, options)).toBe(view);
    expect(await prepareTrackView(points, options)).toBe(view);
  });

  it('does it here where there is no worker', async () => {
    const { prepareTrackView } = await client();
    expect(await prepareTrackView(answer(), hidden)).toEqual(expected(hidden));
  });

  it('does it here when the worker fails to start', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.broken = true;
    const { readTrack } = await client();
    const read = await readTrack(answer().bytes, hidden);
    expect(read.view).toEqual(expected(hidden));
    expect(FakeWorker.requests).toHaveLength(1);
  });
});
