/**
 * Douglas-Peucker over planar points (x, y in metres): the indices of the points to draw so that
 * no dropped point is farther than `tolerance` from the line drawn. Iterative (a day at 1 Hz is
 * 86,400 points; recursion that deep would overflow).
 */
export function simplifyIndices(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  indices: ArrayLike<number>,
  tolerance: number,
): Uint32Array {
  const n = indices.length;
  if (n <= 2) return Uint32Array.from(indices);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const squared = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length > 0) {
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
    let worst = squared;
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
      keep[farthest] = 1;
      stack.push(first, farthest, farthest, last);
    }
  }
  let count = 0;
  for (let k = 0; k < n; k++) count += keep[k]!;
  const result = new Uint32Array(count);
  for (let k = 0, j = 0; k < n; k++) if (keep[k]) result[j++] = indices[k]!;
  return result;
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
