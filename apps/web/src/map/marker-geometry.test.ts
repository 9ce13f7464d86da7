import { describe, expect, it } from 'vitest';
import { HIT_RADIUS, isInViewport, nearestMarker } from './marker-geometry';

describe('viewport culling', () => {
  it('keeps markers inside the view and within the margin around it', () => {
    expect(isInViewport(0, 0, 390, 844, 0)).toBe(true);
    expect(isInViewport(390, 844, 390, 844, 0)).toBe(true);
    expect(isInViewport(200, 400, 390, 844, 44)).toBe(true);
    expect(isInViewport(-40, 400, 390, 844, 44)).toBe(true);
    expect(isInViewport(430, 880, 390, 844, 44)).toBe(true);
  });

  it('skips markers beyond the margin on any side', () => {
    expect(isInViewport(-45, 400, 390, 844, 44)).toBe(false);
    expect(isInViewport(435, 400, 390, 844, 44)).toBe(false);
    expect(isInViewport(200, -45, 390, 844, 44)).toBe(false);
    expect(isInViewport(200, 889, 390, 844, 44)).toBe(false);
  });
});

describe('hit-testing', () => {
  const xs = [100, 130, 300];
  const ys = [100, 100, 500];

  it('finds the nearest marker within the radius', () => {
    expect(nearestMarker(xs, ys, 3, 104, 103)).toBe(0);
    expect(nearestMarker(xs, ys, 3, 120, 100)).toBe(1);
    expect(nearestMarker(xs, ys, 3, 300 + HIT_RADIUS, 500)).toBe(2);
  });

  it('finds nothing farther than the radius', () => {
    expect(nearestMarker(xs, ys, 3, 300 + HIT_RADIUS + 1, 500)).toBe(-1);
    expect(nearestMarker(xs, ys, 3, 200, 300)).toBe(-1);
    expect(nearestMarker(xs, ys, 3, 100, 100, 0)).toBe(0);
  });

  it('prefers the marker drawn last (on top) when two are as near', () => {
    expect(nearestMarker([50, 50], [50, 50], 2, 52, 50)).toBe(1);
    expect(nearestMarker([40, 60], [50, 50], 2, 50, 50)).toBe(1);
  });

  it('only looks at the first `count` entries of reused buffers', () => {
    const bufferX = new Float64Array([10, 500, 500]);
    const bufferY = new Float64Array([10, 500, 500]);
    expect(nearestMarker(bufferX, bufferY, 1, 500, 500)).toBe(-1);
    expect(nearestMarker(bufferX, bufferY, 0, 10, 10)).toBe(-1);
  });
});
