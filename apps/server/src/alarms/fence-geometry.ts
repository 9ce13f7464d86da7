import { distanceMetres, type LatLon } from '@xunji/shared';

/** A fence's outline in WGS-84, ready to test fixes against. */
export type FenceShape =
  | { type: 'round'; centre: LatLon; radiusM: number }
  | { type: 'polygon'; ring: readonly LatLon[] }
  /** Inside when the district holding the fix is this region or lies within it. */
  | { type: 'district'; regionCode: string };

const METRES_PER_DEGREE = 111_320;

/** Distance in metres from a point to segment ab, on a local flat projection around the point. */
function distanceToSegment(p: LatLon, a: LatLon, b: LatLon): number {
  const kx = METRES_PER_DEGREE * Math.cos((p.latitude * Math.PI) / 180);
  const ax = (a.longitude - p.longitude) * kx;
  const ay = (a.latitude - p.latitude) * METRES_PER_DEGREE;
  const bx = (b.longitude - p.longitude) * kx;
  const by = (b.latitude - p.latitude) * METRES_PER_DEGREE;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

function insideRing(p: LatLon, ring: readonly LatLon[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (
      a.latitude > p.latitude !== b.latitude > p.latitude &&
      p.longitude <
        ((b.longitude - a.longitude) * (p.latitude - a.latitude)) / (b.latitude - a.latitude) +
          a.longitude
    )
      inside = !inside;
  }
  return inside;
}

/**
 * Metres from the boundary, negative inside: what the hysteresis compares. Districts have no
 * cheap distance; their side comes from the district index (see FenceTracker).
 */
export function signedDistance(
  shape: Exclude<FenceShape, { type: 'district' }>,
  p: LatLon,
): number {
  if (shape.type === 'round') return distanceMetres(shape.centre, p) - shape.radiusM;
  let nearest = Infinity;
  const { ring } = shape;
  for (let i = 0; i < ring.length; i++)
    nearest = Math.min(nearest, distanceToSegment(p, ring[i]!, ring[(i + 1) % ring.length]!));
  return insideRing(p, ring) ? -nearest : nearest;
}

/**
 * The side of a round or polygon fence a fix is on, given the side it was on: a device crosses
 * only once it is `marginM` past the boundary, so one parked on the line does not flap. Without
 * a previous side the boundary itself decides.
 */
export function sideAfter(distance: number, previous: boolean | undefined, marginM: number) {
  if (previous === undefined) return distance <= 0;
  return previous ? distance <= marginM : distance < -marginM;
}
