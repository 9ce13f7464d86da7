import { describe, expect, it } from 'vitest';
import { keptAt, metresPerPixel, planarMetres, simplificationRanks } from './simplify';

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

const simplify = (x: ArrayLike<number>, y: ArrayLike<number>, indices: Uint32Array, t: number) => [
  ...keptAt(simplificationRanks(x, y, indices), indices, t),
];

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
    // A wandering walk with GPS-like noise: many nested splits.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const n = 600;
    const x: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < n; i++) {
      x.push(i * 3 + (random() - 0.5) * 8);
      y.push(Math.sin(i / 40) * 200 + (random() - 0.5) * 8);
    }
    const ranks = simplificationRanks(x, y, all(n));
    for (const tolerance of [0.5, 1, 2, 3.7, 10, 50, 150])
      expect([...keptAt(ranks, all(n), tolerance)]).toEqual(
        douglasPeucker(x, y, 0, n - 1, tolerance),
      );
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
    const kept = keptAt(simplificationRanks(x, y, all(n), 0.1), all(n), 5);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(n / 10);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(n - 1);
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
