import type { EncodedTrack } from '@xunji/shared';
import { buildTrackView, type TrackView, type TrackViewOptions } from './track-view';

/**
 * The points of a track answer as the app keeps them: the answer's bytes, read again off the main
 * thread when other options need another view (parsing 86,400 points there would block the page).
 */
export interface TrackPoints {
  bytes: ArrayBuffer;
  count: number;
  hasNetworkFixes: boolean;
}

/** A track answer read. */
export interface ReadTrack {
  /** The body without its points; undefined when it is not JSON. */
  body: unknown;
  /** What is known of the points; null when the body has none (an error code). */
  points: Omit<TrackPoints, 'bytes'> | null;
  view: TrackView | null;
}

export function readTrackAnswer(bytes: ArrayBuffer, options: TrackViewOptions): ReadTrack {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { body: undefined, points: null, view: null };
  }
  const data = (body as { data?: { points?: EncodedTrack } } | null)?.data;
  const encoded = data?.points;
  if (!data || !encoded) return { body, points: null, view: null };
  delete data.points;
  return {
    body,
    points: { count: encoded.count, hasNetworkFixes: encoded.mode.some((mode) => mode !== 0) },
    view: buildTrackView(encoded, options),
  };
}
