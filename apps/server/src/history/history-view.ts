import { wgs84ToGcj02, type LatLon, type StopoverItem, type TripItem } from '@xunji/shared';
import type { TrackSegmentRow } from '../db/schema.js';

const round2 = (value: number): number => Math.round(value * 100) / 100;

function ends(row: TrackSegmentRow) {
  const start = { latitude: row.startLat, longitude: row.startLon };
  const end = { latitude: row.endLat, longitude: row.endLon };
  const startGcj = wgs84ToGcj02(start);
  const endGcj = wgs84ToGcj02(end);
  return {
    id: Number(row.id),
    startTime: row.startTime,
    endTime: row.endTime,
    startLon: startGcj.longitude,
    startLat: startGcj.latitude,
    endLon: endGcj.longitude,
    endLat: endGcj.latitude,
    startLonWGS84: start.longitude,
    startLatWGS84: start.latitude,
    endLonWGS84: end.longitude,
    endLatWGS84: end.latitude,
    duration: Math.round((row.endTime - row.startTime) / 1000),
  };
}

/** km/h over a distance in metres and a duration in seconds. */
export const averageKmh = (metres: number, seconds: number): number =>
  seconds > 0 ? round2((metres / seconds) * 3.6) : 0;

export function toTripItem(
  row: TrackSegmentRow,
  startAddress: string | null,
  endAddress: string | null,
): TripItem {
  const item = ends(row);
  return {
    ...item,
    startAddress,
    endAddress,
    distance: Math.round(row.distance),
    maxSpeed: round2(row.maxSpeed),
    averageSpeed: averageKmh(row.distance, item.duration),
  };
}

/** `ongoing`: the device is still there (nothing stored after the stop's last fix). */
export function toStopoverItem(
  row: TrackSegmentRow,
  address: string | null,
  ongoing: boolean,
): StopoverItem {
  return { ...ends(row), address, ongoing };
}

export const startOf = (row: TrackSegmentRow): LatLon => ({
  latitude: row.startLat,
  longitude: row.startLon,
});
export const endOf = (row: TrackSegmentRow): LatLon => ({
  latitude: row.endLat,
  longitude: row.endLon,
});
