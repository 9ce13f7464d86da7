/**
 * Douglas-Peucker over planar points (x, y in metres), for every tolerance at once: the rank of a
 * point is the (squared) tolerance under which it is kept, so that `keptAt` gives, for any
 * tolerance, the points Douglas-Peucker at that tolerance keeps. This works because the recursion
 * splits each part at its farthest point whatever the tolerance; the tolerance only decides where
 * it stops, and a point is kept when it and every split above it are farther than that.
 * Splitting stops at `finest` (points closer than that rank 0). Iterative: a day at 1 Hz is
 * 86,400 points, recursion that deep would overflow.
 */
export function simplificationRanks(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  indices: ArrayLike<number>,
  finest = 0,
): Float64Array {
  const n = indices.length;
  const ranks = new Float64Array(n);
  if (n === 0) return ranks;
  ranks[0] = Infinity;
  ranks[n - 1] = Infinity;
  const floor = finest * finest;
  // first, last and the rank of the split that made the part (a point ranks no higher).
  const stack: number[] = [0, n - 1, Infinity];
  while (stack.length > 0) {
    const limit = stack.pop()!;
    const last = stack.pop()!;
    const first = stack.pop()!;
    const a = indices[first]!;
    const b = indices[last]!;
    const ax = x[a]!;
    const ay = y[a]!;
    const dx = x[b]! - ax;
    const dy = y[b]! - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let worst = floor;
    for (let k = first + 1; k < last; k++) {
      const p = indices[k]!;
      let px = x[p]! - ax;
      let py = y[p]! - ay;
      if (length > 0) {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / length));
        px -= t * dx;
        py -= t * dy;
      }
      const distance = px * px + py * py;
      if (distance > worst) {
        worst = distance;
        farthest = k;
      }
    }
    if (farthest >= 0) {
      const rank = Math.min(worst, limit);
      ranks[farthest] = rank;
      stack.push(first, farthest, rank, farthest, last, rank);
    }
  }
  return ranks;
}

/** The indices Douglas-Peucker keeps at `tolerance` (metres), from their ranks. */
export function keptAt(
  ranks: Float64Array,
  indices: ArrayLike<number>,
  tolerance: number,
): Uint32Array {
  const squared = tolerance * tolerance;
  let count = 0;
  for (let k = 0; k < ranks.length; k++) if (ranks[k]! > squared) count++;
  const kept = new Uint32Array(count);
  for (let k = 0, j = 0; k < ranks.length; k++) if (ranks[k]! > squared) kept[j++] = indices[k]!;
  return kept;
}

const EARTH_RADIUS_M = 6_371_000;

/** Latitude/longitude as metres on a plane through the track's middle (fine for a city or a day). */
export function planarMetres(latitude: ArrayLike<number>, longitude: ArrayLike<number>) {
  const n = latitude.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  if (n === 0) return { x, y };
  const middle = (latitude[Math.floor(n / 2)]! * Math.PI) / 180;
  const scale = (EARTH_RADIUS_M * Math.PI) / 180;
  const cos = Math.cos(middle);
  for (let i = 0; i < n; i++) {
    x[i] = longitude[i]! * scale * cos;
    y[i] = latitude[i]! * scale;
  }
  return { x, y };
}

/** Metres per screen pixel at a zoom level (Web Mercator, 256-px tiles) and latitude. */
export const metresPerPixel = (zoom: number, latitude: number): number =>
  (156_543.03392 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
