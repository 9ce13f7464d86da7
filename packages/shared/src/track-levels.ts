/**
 * Simplification of a track per zoom level: Douglas-Peucker at one screen pixel, computed once for
 * every zoom. The server sends the level of each point with the track (for both coordinate
 * systems, all points shown), so the app draws a day at 1 Hz without simplifying it; the app
 * computes them itself only for the points left when it hides some (network fixes).
 */

/** The finest zoom of any base map the app offers (OpenStreetMap). */
export const TRACK_FINEST_ZOOM = 19;
/** Simplified points may be this far (screen px) from the real line: invisible at 5-px width. */
export const TRACK_TOLERANCE_PX = 1;
/** The level of a point no zoom level up to the finest keeps. */
export const NEVER_KEPT = TRACK_FINEST_ZOOM + 1;

/**
 * Douglas-Peucker over planar points (x, y in metres), for every tolerance at once: the rank of a
 * point is the (squared) tolerance under which it is kept, so that for any tolerance the points
 * ranked above its square are the points Douglas-Peucker at that tolerance keeps. This works
 * because the recursion splits each part at its farthest point whatever the tolerance; the
 * tolerance only decides where it stops, and a point is kept when it and every split above it are
 * farther than that. Splitting stops at `finest` (points closer than that rank 0). Iterative: a
 * day at 1 Hz is 86,400 points, recursion that deep would overflow.
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

/**
 * The lowest zoom level at which Douglas-Peucker at one pixel keeps each of the points at
 * `indices` (NEVER_KEPT when none up to the finest does); metres per pixel are taken at the
 * latitude of the middle point. `x`, `y` may be given when already known (planarMetres).
 */
export function zoomLevels(
  latitude: ArrayLike<number>,
  longitude: ArrayLike<number>,
  indices: ArrayLike<number>,
  { x, y } = planarMetres(latitude, longitude),
): Uint8Array {
  const n = indices.length;
  const levels = new Uint8Array(n);
  if (n === 0) return levels;
  const middle = latitude[indices[n >> 1]!]!;
  const tolerance = (zoom: number) => metresPerPixel(zoom, middle) * TRACK_TOLERANCE_PX;
  const ranks = simplificationRanks(x, y, indices, tolerance(TRACK_FINEST_ZOOM));
  const squared = Array.from({ length: NEVER_KEPT }, (_, zoom) => tolerance(zoom) ** 2);
  for (let k = 0; k < n; k++) {
    const rank = ranks[k]!;
    let zoom = 0;
    while (zoom < NEVER_KEPT && rank <= squared[zoom]!) zoom++;
    levels[k] = zoom;
  }
  return levels;
}

/** The indices kept at a zoom level (rounded, as tiles are drawn), from their levels. */
export function keptAt(levels: Uint8Array, indices: ArrayLike<number>, zoom: number): Uint32Array {
  // Past the finest level, splitting had stopped: the same points.
  const shown = Math.min(Math.round(zoom), TRACK_FINEST_ZOOM);
  let count = 0;
  for (let k = 0; k < levels.length; k++) if (levels[k]! <= shown) count++;
  const kept = new Uint32Array(count);
  for (let k = 0, j = 0; k < levels.length; k++) if (levels[k]! <= shown) kept[j++] = indices[k]!;
  return kept;
}
