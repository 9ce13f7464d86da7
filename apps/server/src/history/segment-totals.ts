import type { TrackSummary, TripTotals } from '@xunji/shared';
import type { TrackSegmentRow } from '../db/schema.js';
import { averageKmh } from './history-view.js';

/** The part of [start, end] inside [from, to], in ms. */
const overlap = (start: number, end: number, from: number, to: number): number =>
  Math.max(0, Math.min(end, to) - Math.max(start, from));

/** How much of [from, to] a segment covers, in ms. */
export const coverage = (segment: TrackSegmentRow, from: number, to: number): number =>
  overlap(segment.startTime, segment.endTime, from, to);

/**
 * The distance and driving time of trips within a range: a trip over its edge (midnight) counts
 * for the part inside, its distance in proportion to its time.
 */
export function tripTotals(trips: TrackSegmentRow[], from: number, to: number): TripTotals {
  let distance = 0;
  let driving = 0;
  for (const trip of trips) {
    const inside = coverage(trip, from, to);
    const length = trip.endTime - trip.startTime;
    driving += inside;
    distance += length > 0 ? (trip.distance * inside) / length : trip.distance;
  }
  return { distance: Math.round(distance), drivingTime: Math.round(driving / 1000) };
}

/** Totals of a range for the track page: driving from the trips, stopped time from the stops. */
export function trackSummary(
  trips: TrackSegmentRow[],
  stops: TrackSegmentRow[],
  from: number,
  to: number,
  maxSpeed: number,
): TrackSummary {
  const { distance, drivingTime } = tripTotals(trips, from, to);
  const stopped = stops.reduce((sum, stop) => sum + coverage(stop, from, to), 0);
  return {
    distance,
    movingTime: drivingTime,
    stoppedTime: Math.round(stopped / 1000),
    maxSpeed: Math.round(maxSpeed * 100) / 100,
    averageSpeed: averageKmh(distance, drivingTime),
  };
}
