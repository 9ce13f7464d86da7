import type { LatLon } from '@xunji/shared';
import type { Route } from '../ingest/client.js';

/** The frames of a crossing device: at home, then away for three, then home again. */
const AWAY_FROM_FRAME = 2;
const HOME_AGAIN_FROM_FRAME = 5;
/** The fewest positions a crossing device must send to come home and confirm it (districts). */
export const FRAMES_PER_CROSSING = HOME_AGAIN_FROM_FRAME + 2;

const GRID = 100;
const STEP_DEGREES = 0.0011;

/** Where device `index` is parked: a 100 × 100 grid of ~120 m steps over central Shanghai. */
export function homeOf(index: number): LatLon {
  const cell = index % (GRID * GRID);
  return {
    latitude: 31.17 + Math.floor(cell / GRID) * STEP_DEGREES,
    longitude: 121.4 + (cell % GRID) * STEP_DEGREES,
  };
}

export interface CrossingOptions {
  /** The devices that cross in this run, each with its away point ([index, lat, lon]). */
  away: [index: number, latitude: number, longitude: number][];
}

/**
 * bench/fences' route for the client workers: every device stays at home, except the crossing
 * devices, which leave for their away point and come back; their frames are timed.
 */
export default function crossingRoute({ away }: CrossingOptions): Route {
  const awayOf = new Map(
    away.map(([index, latitude, longitude]) => [index, { latitude, longitude }]),
  );
  return (index, frame) => {
    const target = awayOf.get(index);
    if (!target) return homeOf(index);
    const isAway = frame >= AWAY_FROM_FRAME && frame < HOME_AGAIN_FROM_FRAME;
    return { ...(isAway ? target : homeOf(index)), timed: true };
  };
}
