import type { TrackColumns } from '@xunji/shared';

/** 1× plays 20 s of the track per second (Traccar's one point per 500 ms at 10-s fixes). */
export const BASE_RATE = 20;
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** A gap between fixes plays as at most this long, and a pause in place as at most `STILL_S`. */
const MAX_STEP_S = 60;
const STILL_S = 1;
const STILL_M = 10;
/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/**
 * Playback time at each shown point (seconds, from 0): real time between fixes, except that
 * standing still and gaps without data are shortened, so a day plays in minutes, not hours.
 */
export interface Timeline {
  /** Indices into the track's columns of the points played (hidden network fixes are left out). */
  indices: Uint32Array;
  /** Playback seconds at each of those points. */
  at: Float64Array;
  duration: number;
}

/**
 * Whether two fixes are at least STILL_M apart. On a plane at their latitude: at 10 m, as exact
 * as the great circle, and without its trigonometry for each of a day's 86,400 pairs.
 */
function moved(latitude: Float64Array, longitude: Float64Array, a: number, b: number): boolean {
  const north = (latitude[b]! - latitude[a]!) * METRES_PER_DEGREE;
  const cos = Math.cos((latitude[a]! * Math.PI) / 180);
  const east = (longitude[b]! - longitude[a]!) * METRES_PER_DEGREE * cos;
  return north * north + east * east >= STILL_M * STILL_M;
}

export function buildTimeline(columns: TrackColumns, indices: Uint32Array): Timeline {
  const { time, latitude, longitude } = columns;
  const at = new Float64Array(indices.length);
  for (let k = 1; k < indices.length; k++) {
    const a = indices[k - 1]!;
    const b = indices[k]!;
    const dt = (time[b]! - time[a]!) / 1000;
    const step = moved(latitude, longitude, a, b) ? MAX_STEP_S : STILL_S;
    at[k] = at[k - 1]! + Math.max(0, Math.min(dt, step));
  }
  return { indices, at, duration: at.length > 0 ? at[at.length - 1]! : 0 };
}

export interface PlaybackPosition {
  /** The shown point at or before the playback time (k into the timeline). */
  step: number;
  /** How far towards the next point, 0-1. */
  fraction: number;
}

/** Where the marker is at a playback time (binary search). */
export function positionAt(timeline: Timeline, seconds: number): PlaybackPosition {
  const { at } = timeline;
  if (at.length === 0) return { step: 0, fraction: 0 };
  if (seconds <= 0) return { step: 0, fraction: 0 };
  if (seconds >= timeline.duration) return { step: at.length - 1, fraction: 0 };
  let low = 0;
  let high = at.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (at[middle]! <= seconds) low = middle;
    else high = middle;
  }
  const span = at[high]! - at[low]!;
  return { step: low, fraction: span > 0 ? (seconds - at[low]!) / span : 0 };
}

/** The WGS-84 position between two shown points. */
export function interpolate(columns: TrackColumns, timeline: Timeline, position: PlaybackPosition) {
  const a = timeline.indices[position.step]!;
  const b = timeline.indices[Math.min(position.step + 1, timeline.indices.length - 1)]!;
  const f = position.fraction;
  return {
    latitude: columns.latitude[a]! + (columns.latitude[b]! - columns.latitude[a]!) * f,
    longitude: columns.longitude[a]! + (columns.longitude[b]! - columns.longitude[a]!) * f,
  };
}
