import { describe, expect, it } from 'vitest';
import {
  keptAt,
  metresPerPixel,
  NEVER_KEPT,
  planarMetres,
  simplificationRanks,
  TRACK_FINEST_ZOOM,
  zoomLevels,
} from '../src/track-levels.js';

const all = (n: number) => Uint32Array.from({ length: n }, (_, i) => i);

/** Douglas-Peucker at one tolerance, as in a textbook: the reference for the ranks. */
function douglasPeucker(
  x: number[],
  y: number[],
  first: number,
  last: number,
  tolerance: number,
): number[] {
  let farthest = -1;
  let worst = tolerance;
  for (let k = first + 1; k < last; k++) {
    const dx = x[last]! - x[first]!;
    const dy = y[last]! - y[first]!;
    const length = dx * dx + dy * dy;
    const t = length > 0 ? ((x[k]! - x[first]!) * dx + (y[k]! - y[first]!) * dy) / length : 0;
    const along = Math.max(0, Math.min(1, t));
    const distance = Math.hypot(x[k]! - x[first]! - along * dx, y[k]! - y[first]! - along * dy);
    if (distance > worst) {
      worst = distance;
      farthest = k;
    }
  }
  if (farthest < 0) return [first, last];
  const left = douglasPeucker(x, y, first, farthest, tolerance);
  return [...left.slice(0, -1), ...douglasPeucker(x, y, farthest, last, tolerance)];
}

/** The indices whose rank is above a tolerance: what Douglas-Peucker at that tolerance keeps. */
const above = (ranks: Float64Array, indices: ArrayLike<number>, tolerance: number) =>
  Array.from(indices).filter((_, k) => ranks[k]! > tolerance * tolerance);
const simplify = (x: ArrayLike<number>, y: ArrayLike<number>, indices: Uint32Array, t: number) =>
  above(simplificationRanks(x, y, indices), indices, t);

/** A wandering walk with GPS-like noise (many nested splits), x and y in metres. */
function walk(n: number, step = 3) {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    x.push(i * step + (random() - 0.5) * 8);
    y.push(Math.sin(i / 40) * 200 + (random() - 0.5) * 8);
  }
  return { x, y };
}

describe('simplification ranks', () => {
  it('keep the corners of a path and drop the points on its straight parts', () => {
    // An L: 0..10 along x, then 10..20 along y, one point per metre.
    const x = [...Array.from({ length: 11 }, (_, i) => i), ...Array.from({ length: 10 }, () => 10)];
    const y = [
      ...Array.from({ length: 11 }, () => 0),
      ...Array.from({ length: 10 }, (_, i) => i + 1),
    ];
    expect(simplify(x, y, all(21), 0.5)).toEqual([0, 10, 20]);
  });

  it('keep a point farther off the line than the tolerance, and drop one closer', () => {
    const x = [0, 5, 10];
    expect(simplify(x, [0, 3, 0], all(3), 2)).toEqual([0, 1, 2]);
    expect(simplify(x, [0, 1, 0], all(3), 2)).toEqual([0, 2]);
  });

  it('rank only the indices they are given (hidden points stay out)', () => {
    const x = [0, 5, 10, 15];
    const y = [0, 50, 0, 0];
    expect(simplify(x, y, Uint32Array.from([0, 2, 3]), 1)).toEqual([0, 3]);
  });

  it('give at every tolerance what Douglas-Peucker at that tolerance keeps', () => {
    const n = 600;
    const { x, y } = walk(n);
    const ranks = simplificationRanks(x, y, all(n));
    for (const tolerance of [0.5, 1, 2, 3.7, 10, 50, 150])
      expect(above(ranks, all(n), tolerance)).toEqual(douglasPeucker(x, y, 0, n - 1, tolerance));
  });

  it('stop splitting at the finest tolerance asked for', () => {
    const x = [0, 5, 10];
    const y = [0, 1, 0];
    expect([...simplificationRanks(x, y, all(3), 2)]).toEqual([Infinity, 0, Infinity]);
    expect([...simplificationRanks(x, y, all(3), 0.5)]).toEqual([Infinity, 1, Infinity]);
  });

  it('handle a day at 1 Hz without deep recursion', () => {
    const n = 86_400;
    const x = Float64Array.from({ length: n }, (_, i) => i * 10);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 500) * 2000);
    const kept = above(simplificationRanks(x, y, all(n), 0.1), all(n), 5);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(n / 10);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(n - 1);
  });
});

describe('zoom levels', () => {
  // Near Shanghai, a walk of about 2 km: every zoom level from the city to the street.
  const latitude = 31.2;
  const n = 700;
  const metresPerDegree = 111_195;
  const { x, y } = walk(n);
  const lat = y.map((north) => latitude + north / metresPerDegree);
  const lon = x.map(
    (east) => 121.4 + east / (metresPerDegree * Math.cos((lat[n >> 1]! * Math.PI) / 180)),
  );

  it('keep at each zoom what Douglas-Peucker at one pixel of that zoom keeps', () => {
    const levels = zoomLevels(lat, lon, all(n));
    const planar = planarMetres(lat, lon);
    let distinct = 0;
    let last = -1;
    for (let zoom = 0; zoom <= TRACK_FINEST_ZOOM; zoom++) {
      const expected = douglasPeucker(
        [...planar.x],
        [...planar.y],
        0,
        n - 1,
        metresPerPixel(zoom, lat[n >> 1]!),
      );
      const kept = [...keptAt(levels, all(n), zoom)];
      expect(kept).toEqual(expected);
      if (kept.length !== last) distinct++;
      last = kept.length;
    }
    expect(distinct).toBeGreaterThan(5);
  });

  it('round the zoom as tiles are drawn, and keep past the finest what the finest keeps', () => {
    const levels = zoomLevels(lat, lon, all(n));
    expect(keptAt(levels, all(n), 14.4)).toEqual(keptAt(levels, all(n), 14));
    expect(keptAt(levels, all(n), 14.6)).toEqual(keptAt(levels, all(n), 15));
    expect(keptAt(levels, all(n), 21)).toEqual(keptAt(levels, all(n), TRACK_FINEST_ZOOM));
  });

  it('give the ends level 0 and points closer than a pixel at the finest zoom none', () => {
    const levels = zoomLevels([31, 31, 31], [121, 121.0000001, 121.0000002], all(3));
    expect([...levels]).toEqual([0, NEVER_KEPT, 0]);
  });

  it('simplify only the indices given, as they would be alone', () => {
    const shown = all(n).filter((i) => i % 3 !== 1);
    const levels = zoomLevels(lat, lon, shown);
    const alone = zoomLevels(
      Array.from(shown, (i) => lat[i]!),
      Array.from(shown, (i) => lon[i]!),
      all(shown.length),
    );
    expect(levels).toHaveLength(shown.length);
    // The plane is taken at the middle of all points, so levels may differ by rounding only.
    const differing = levels.filter((level, k) => level !== alone[k]).length;
    expect(differing).toBeLessThan(shown.length / 100);
    expect([...keptAt(levels, shown, 12)].every((i) => i % 3 !== 1)).toBe(true);
  });
});

describe('planar metres', () => {
  it('measures a degree of latitude as about 111 km', () => {
    const { x, y } = planarMetres([31, 32], [121, 121]);
    expect(y[1]! - y[0]!).toBeCloseTo(111_195, -2);
    expect(x[1]! - x[0]!).toBe(0);
  });

  it('halves the metres per pixel with each zoom level', () => {
    expect(metresPerPixel(16, 0)).toBeCloseTo(2.39, 2);
    expect(metresPerPixel(17, 0)).toBeCloseTo(metresPerPixel(16, 0) / 2, 6);
  });
});
