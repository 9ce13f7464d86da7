/** A ring as [lon0, lat0, lon1, lat1, …], closed (the last point repeats the first). */
export type Ring = Float64Array;

/**
 * Even-odd rule over all rings of a polygon, so a point in a hole (an enclave of another unit)
 * is outside. Points exactly on an edge may fall on either side.
 */
export function insideRings(rings: readonly Ring[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 2; i < ring.length; i += 2) {
      const x1 = ring[i - 2]!;
      const y1 = ring[i - 1]!;
      const x2 = ring[i]!;
      const y2 = ring[i + 1]!;
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    }
  }
  return inside;
}
