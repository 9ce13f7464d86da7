import type { LatLon } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { insideRings } from './rings';

const square = (west: number, south: number, size: number): LatLon[] => [
  { longitude: west, latitude: south },
  { longitude: west + size, latitude: south },
  { longitude: west + size, latitude: south + size },
  { longitude: west, latitude: south + size },
];
const at = (longitude: number, latitude: number): LatLon => ({ longitude, latitude });

describe('point in an outline', () => {
  it('is inside a ring and outside it', () => {
    const outline = [square(114, 22, 1)];
    expect(insideRings(at(114.5, 22.5), outline)).toBe(true);
    expect(insideRings(at(115.5, 22.5), outline)).toBe(false);
    expect(insideRings(at(114.5, 21.9), outline)).toBe(false);
  });

  it('is outside in a hole, inside an island in it, and inside a second part', () => {
    const outline = [square(0, 0, 10), square(3, 3, 4), square(4, 4, 2), square(20, 0, 1)];
    expect(insideRings(at(1, 1), outline)).toBe(true);
    expect(insideRings(at(3.5, 3.5), outline)).toBe(false);
    expect(insideRings(at(5, 5), outline)).toBe(true);
    expect(insideRings(at(20.5, 0.5), outline)).toBe(true);
  });

  it('has nothing inside no rings', () => {
    expect(insideRings(at(0, 0), [])).toBe(false);
  });
});
