import { describe, expect, it } from 'vitest';
import { outlinePoints } from './outline';

const parse = (points: string) => points.split(' ').map((pair) => pair.split(',').map(Number));

describe('fence outline icon', () => {
  it('fills the box with the shape, north up, keeping its proportions', () => {
    // A "square" on the equator: as wide as high.
    const points = parse(
      outlinePoints(
        [
          { lng: 0, lat: 0 },
          { lng: 1, lat: 0 },
          { lng: 1, lat: 1 },
          { lng: 0, lat: 1 },
        ],
        40,
        2,
      ),
    );
    expect(points).toEqual([
      [2, 38],
      [38, 38],
      [38, 2],
      [2, 2],
    ]);
  });

  it('shrinks longitude by the cosine of the latitude', () => {
    // At 60° a degree of longitude is half a degree of latitude: half as wide, centred.
    const points = parse(
      outlinePoints(
        [
          { lng: 10, lat: 60 },
          { lng: 11, lat: 60 },
          { lng: 11, lat: 62 },
        ],
        40,
        0,
      ),
    );
    const xs = points.map(([x]) => x!);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(10, 0);
    expect(Math.min(...xs)).toBeCloseTo(15, 0);
  });

  it('is empty without points; a single point sits in the middle', () => {
    expect(outlinePoints([], 40)).toBe('');
    expect(outlinePoints([{ lng: 1, lat: 1 }], 40, 2)).toBe('20,20');
  });
});
