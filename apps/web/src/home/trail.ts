import type { LatLon, TrackColumns } from '@xunji/shared';

/** The home map shows where the selected device has been in the last hour. */
export const TRAIL_MS = 60 * 60_000;

export interface TrailPoint extends LatLon {
  /** epoch ms of the fix */
  time: number;
}

/** The valid fixes of a decoded track (flags bit 0), in order. */
export function trailOfTrack(columns: TrackColumns): TrailPoint[] {
  const points: TrailPoint[] = [];
  for (let i = 0; i < columns.count; i++) {
    if ((columns.flags[i]! & 1) === 0) continue;
    points.push({
      time: columns.time[i]!,
      latitude: columns.latitude[i]!,
      longitude: columns.longitude[i]!,
    });
  }
  return points;
}

/**
 * The stored trail with the fixes seen live since it was read: only those newer than its last
 * point, and none older than the trail's hour.
 */
export function joinTrail(
  stored: readonly TrailPoint[],
  live: readonly TrailPoint[],
  now: number,
): TrailPoint[] {
  const since = now - TRAIL_MS;
  const storedEnd = stored.at(-1)?.time ?? -Infinity;
  return [
    ...stored.filter((point) => point.time >= since),
    ...live.filter((point) => point.time > storedEnd && point.time >= since),
  ];
}

/** A live fix added to those seen: only a newer one (the same fix comes with other patches). */
export function addLivePoint(live: readonly TrailPoint[], point: TrailPoint): TrailPoint[] {
  const last = live.at(-1);
  if (last && point.time <= last.time) return live as TrailPoint[];
  return [...live, point];
}
