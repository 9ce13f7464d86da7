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
 * GCJ-02, the offset coordinates Chinese maps (AMap and others) must be given inside China. The
 * published approximation of the state formula (Krasovsky ellipsoid); outside China the
 * coordinates are WGS-84 unchanged.
 */
const KRASOVSKY_A = 6_378_245;
const KRASOVSKY_EE = 0.006_693_421_622_965_943;

/** The rectangle maps use for "inside China"; points outside it are never offset. */
export const inChina = ({ latitude, longitude }: LatLon): boolean =>
  longitude >= 72.004 && longitude <= 137.8347 && latitude >= 0.8293 && latitude <= 55.8271;

function offsetLatitude(x: number, y: number): number {
  let value = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  value += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return value;
}

function offsetLongitude(x: number, y: number): number {
  let value = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  value += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return value;
}

export function wgs84ToGcj02(point: LatLon): LatLon {
  if (!inChina(point)) return point;
  const { latitude, longitude } = point;
  const radLat = rad(latitude);
  const magic = 1 - KRASOVSKY_EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (offsetLatitude(longitude - 105, latitude - 35) * 180) /
    (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLon =
    (offsetLongitude(longitude - 105, latitude - 35) * 180) /
    ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { latitude: latitude + dLat, longitude: longitude + dLon };
}

/** The inverse, by fixed-point iteration to within about a centimetre (points picked on a map). */
export function gcj02ToWgs84(point: LatLon): LatLon {
  if (!inChina(point)) return point;
  let guess = point;
  for (let i = 0; i < 10; i++) {
    const shifted = wgs84ToGcj02(guess);
    const dLat = shifted.latitude - point.latitude;
    const dLon = shifted.longitude - point.longitude;
    guess = { latitude: guess.latitude - dLat, longitude: guess.longitude - dLon };
    if (Math.abs(dLat) < 1e-9 && Math.abs(dLon) < 1e-9) break;
  }
  return guess;
}

export type CompassDirection =
  'north' | 'northeast' | 'east' | 'southeast' | 'south' | 'southwest' | 'west' | 'northwest';

const DIRECTIONS: CompassDirection[] = [
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
];

/**
 * §4: north above 337.5° or up to 22.5°, then each 45° sector in turn, its upper edge included
 * (22.5 is north, 22.6 northeast); no bearing is north.
 */
export function compassDirection(bearing: number | null | undefined): CompassDirection {
  if (bearing === null || bearing === undefined || !Number.isFinite(bearing)) return 'north';
  const degrees = ((bearing % 360) + 360) % 360;
  if (degrees > 337.5 || degrees <= 22.5) return 'north';
  return DIRECTIONS[Math.ceil((degrees - 22.5) / 45)]!;
}
