import { describe, expect, it } from 'vitest';
import { metresPerPixel, planarMetres, simplifyIndices } from './simplify';

const all = (n: number) => Uint32Array.from({ length: n }, (_, i) => i);

describe('simplifyIndices', () => {
  it('keeps the corners of a path and drops the points on its straight parts', () => {
    // An L: 0..10 along x, then 10..20 along y, one point per metre.
    const x = [...Array.from({ length: 11 }, (_, i) => i), ...Array.from({ length: 10 }, () => 10)];
    const y = [
      ...Array.from({ length: 11 }, () => 0),
      ...Array.from({ length: 10 }, (_, i) => i + 1),
    ];
    expect([...simplifyIndices(x, y, all(21), 0.5)]).toEqual([0, 10, 20]);
  });

  it('keeps a point farther off the line than the tolerance, and drops one closer', () => {
    const x = [0, 5, 10];
    expect([...simplifyIndices(x, [0, 3, 0], all(3), 2)]).toEqual([0, 1, 2]);
    expect([...simplifyIndices(x, [0, 1, 0], all(3), 2)]).toEqual([0, 2]);
  });

  it('simplifies only the indices it is given (hidden points stay out)', () => {
    const x = [0, 5, 10, 15];
    const y = [0, 50, 0, 0];
    expect([...simplifyIndices(x, y, Uint32Array.from([0, 2, 3]), 1)]).toEqual([0, 3]);
  });

  it('handles a day at 1 Hz without deep recursion', () => {
    const n = 86_400;
    const x = Float64Array.from({ length: n }, (_, i) => i * 10);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 500) * 2000);
    const kept = simplifyIndices(x, y, all(n), 5);
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
