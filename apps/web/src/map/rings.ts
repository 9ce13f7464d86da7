import type { LatLon } from '@xunji/shared';

/**
 * Whether a point lies inside an outline of rings, filled even-odd (a hole or an enclave is a
 * ring inside another). Planar in degrees: exact enough to tell which district the map shows.
 */
export function insideRings(point: LatLon, rings: readonly (readonly LatLon[])[]): boolean {
  const { latitude: y, longitude: x } = point;
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (
        a.latitude > y !== b.latitude > y &&
        x <
          ((b.longitude - a.longitude) * (y - a.latitude)) / (b.latitude - a.latitude) + a.longitude
      )
        inside = !inside;
    }
  }
  return inside;
}
