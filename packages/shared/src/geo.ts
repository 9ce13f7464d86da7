import gcoord from 'gcoord';

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

/**
 * The rectangle maps use for "inside China"; points outside it are never offset. gcoord applies
 * the same rectangle, so this only spares it the call.
 */
export const inChina = ({ latitude, longitude }: LatLon): boolean =>
  longitude >= 72.004 && longitude <= 137.8347 && latitude >= 0.8293 && latitude <= 55.8271;

/** GCJ-02, the offset coordinates Chinese maps (AMap and others) must be given inside China. */
export function wgs84ToGcj02(point: LatLon): LatLon {
  if (!inChina(point)) return point;
  const [longitude, latitude] = gcoord.transform(
    [point.longitude, point.latitude],
    gcoord.WGS84,
    gcoord.GCJ02,
  );
  return { latitude, longitude };
}

/** The inverse (gcoord iterates the forward transform to within about 0.1 m). */
export function gcj02ToWgs84(point: LatLon): LatLon {
  if (!inChina(point)) return point;
  const [longitude, latitude] = gcoord.transform(
    [point.longitude, point.latitude],
    gcoord.GCJ02,
    gcoord.WGS84,
  );
  return { latitude, longitude };
}

/** The eight §4 directions, clockwise from north. */
export const COMPASS_DIRECTIONS = [
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
] as const;
export type CompassDirection = (typeof COMPASS_DIRECTIONS)[number];

/**
 * §4: north above 337.5° or up to 22.5°, then each 45° sector in turn, its upper edge included
 * (22.5 is north, 22.6 northeast); no bearing is north.
 */
export function compassDirection(bearing: number | null | undefined): CompassDirection {
  if (bearing === null || bearing === undefined || !Number.isFinite(bearing)) return 'north';
  const degrees = ((bearing % 360) + 360) % 360;
  if (degrees > 337.5 || degrees <= 22.5) return 'north';
  return COMPASS_DIRECTIONS[Math.ceil((degrees - 22.5) / 45)]!;
}
