/** Geometry on WGS-84 coordinates, shared by the gateway, the simulator and the app. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance (haversine), metres. */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** Initial bearing from a to b, degrees 0-359 from north. */
export function bearing(a: LatLon, b: LatLon): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x =
    Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) -
    Math.sin(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.cos(rad(b.longitude - a.longitude));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}

/** Moves `metres` north and east (small distances). */
export function offset(point: LatLon, northMetres: number, eastMetres: number): LatLon {
  return {
    latitude: point.latitude + (northMetres / EARTH_RADIUS_M) * (180 / Math.PI),
    longitude:
      point.longitude +
      (eastMetres / (EARTH_RADIUS_M * Math.cos(rad(point.latitude)))) * (180 / Math.PI),
  };
}
