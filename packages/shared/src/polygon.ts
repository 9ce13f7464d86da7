/** A point of a fence outline: longitude and latitude in degrees. */
export interface LngLat {
  lng: number;
  lat: number;
}

const cross = (o: LngLat, a: LngLat, b: LngLat) =>
  (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);

const onSegment = (p: LngLat, a: LngLat, b: LngLat) =>
  Math.min(a.lng, b.lng) <= p.lng &&
  p.lng <= Math.max(a.lng, b.lng) &&
  Math.min(a.lat, b.lat) <= p.lat &&
  p.lat <= Math.max(a.lat, b.lat);

/** Whether segments ab and cd share a point (touching counts). */
function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/**
 * Whether the closed ring (last point joined to the first) is a simple polygon: no two edges
 * cross or touch except neighbours at their shared corner, and no corner repeats. Planar in
 * degrees, which is exact enough for fences a few kilometres across.
 */
export function isSimplePolygon(points: readonly LngLat[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (a.lng === b.lng && a.lat === b.lat) return false;
    for (let j = i + 1; j < n; j++) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) continue;
      if (segmentsMeet(a, b, points[j]!, points[(j + 1) % n]!)) return false;
    }
  }
  // Three or more points on one line enclose nothing.
  return points.some((p, i) => cross(points[0]!, points[1]!, p) !== 0 && i > 1);
}
