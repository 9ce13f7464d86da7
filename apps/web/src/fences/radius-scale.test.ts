import { FENCE_RADIUS_MAX_M, FENCE_RADIUS_MIN_M } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { radiusAt, SLIDER_MAX, sliderPosition } from './radius-scale';

describe('radius slider scale', () => {
  it('runs from the smallest to the largest radius', () => {
    expect(radiusAt(0)).toBe(FENCE_RADIUS_MIN_M);
    expect(radiusAt(SLIDER_MAX)).toBe(FENCE_RADIUS_MAX_M);
    expect(radiusAt(-5)).toBe(FENCE_RADIUS_MIN_M);
    expect(radiusAt(SLIDER_MAX + 5)).toBe(FENCE_RADIUS_MAX_M);
  });

  it('is logarithmic: the middle is about 1.6 km, with two significant digits', () => {
    expect(radiusAt(SLIDER_MAX / 2)).toBe(1600);
    expect(radiusAt(SLIDER_MAX / 3)).toBe(500);
  });

  it('grows with the slider', () => {
    const radii = Array.from({ length: SLIDER_MAX + 1 }, (_, i) => radiusAt(i));
    radii.slice(1).forEach((radius, i) => expect(radius).toBeGreaterThanOrEqual(radii[i]!));
  });

  it('puts a radius back where the slider gives it (within a step: radii are rounded)', () => {
    for (let position = 0; position <= SLIDER_MAX; position++)
      expect(Math.abs(sliderPosition(radiusAt(position)) - position)).toBeLessThanOrEqual(1);
    expect(sliderPosition(FENCE_RADIUS_MAX_M)).toBe(SLIDER_MAX);
    expect(sliderPosition(10)).toBe(0);
  });
});
