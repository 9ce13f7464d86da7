import { TRACK_TIMEOUT_MS, routes, type TrackInfo } from '@xunji/shared';
import { call, callEarly } from '../api/call';
import type { RequestOptions } from '../api/request';
import { deviceIdParam } from '../devices/useDeviceId';
import { tileSource } from '../map/current-source';
import { dayWindow, trackPeriod, type DayWindow } from './day';
import type { TrackPoints } from './track-answer';
import { readHere, rememberView } from './track-view-client';

/** A track answer as the app has it: the points kept for the worker, the rest as it came. */
export type TrackAnswer = Omit<TrackInfo, 'points'> & { points: TrackPoints };

/**
 * Reads a track answer and prepares its points for the stored base map with all of them shown
 * (most tracks have no network fixes to hide), here: with the server's simplification levels it
 * is one task of a few tens of ms for a day at 1 Hz, sooner than a worker could even start.
 */
async function readTrackBody(response: Response): Promise<unknown> {
  const bytes = await response.arrayBuffer();
  const options = {
    hideNetworkFixes: false,
    crs: tileSource().crs,
  };
  const { body, points, view } = await readHere(bytes, options);
  if (!points) return body;
  const kept: TrackPoints = { bytes, ...points };
  if (view) rememberView(kept, options, view);
  (body as { data: { points: TrackPoints } }).data.points = kept;
  return body;
}

/** The page shows its own loading state on the map; the answer may take long (§9: 60 s). */
const OPTIONS: RequestOptions = {
  timeout: TRACK_TIMEOUT_MS,
  loading: false,
  readBody: readTrackBody,
};
const input = (id: number, window: DayWindow) => ({ query: { terminalId: id, ...window } });
const keyOf = (id: number, window: DayWindow) => JSON.stringify([id, window]);

/** The track sent at launch, until the page asks for it. */
let early: { key: string; take: () => Promise<TrackInfo> } | null = null;

/**
 * At launch on a track page (`?id=&date=&from=&to=`): sends its track at once, so that it loads
 * (and is read, by code asked for now) alongside the page's code instead of after it.
 */
export function prefetchTrack(params: URLSearchParams): void {
  const id = deviceIdParam(params);
  if (id === null) return;
  const { date, from, to } = trackPeriod(params);
  const window = dayWindow(date, from, to);
  void import('./track-answer');
  early = { key: keyOf(id, window), take: callEarly(routes.trackInfo, input(id, window), OPTIONS) };
}

/** GET /v2/track/info: the one sent at launch if it is for this window, else a new one. */
export async function fetchTrackInfo(id: number, window: DayWindow): Promise<TrackAnswer> {
  const sent = early?.key === keyOf(id, window) ? early.take : null;
  early = null;
  const answer: unknown = await (sent
    ? sent()
    : call(routes.trackInfo, input(id, window), OPTIONS));
  // readTrackBody replaced its points.
  return answer as TrackAnswer;
}
