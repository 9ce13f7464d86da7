import { FENCE_RADIUS_MAX_M, FENCE_RADIUS_MIN_M } from '@xunji/shared';
import { clampRadius } from './draft';

/**
 * The radius slider runs 0…SLIDER_MAX on a logarithmic scale: 50 m to 50 km is three orders of
 * magnitude, and a linear slider would leave the first kilometre a few pixels wide.
 */
export const SLIDER_MAX = 100;

const LOG_MIN = Math.log(FENCE_RADIUS_MIN_M);
const LOG_SPAN = Math.log(FENCE_RADIUS_MAX_M) - LOG_MIN;

/** Two significant digits: 50, 55, 61 … 1000, 1100 … 50000. */
function roundNice(value: number): number {
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

export function radiusAt(position: number): number {
  const share = Math.min(SLIDER_MAX, Math.max(0, position)) / SLIDER_MAX;
  return clampRadius(roundNice(Math.exp(LOG_MIN + share * LOG_SPAN)));
}

export function sliderPosition(radius: number): number {
  const share = (Math.log(clampRadius(radius)) - LOG_MIN) / LOG_SPAN;
  return Math.round(share * SLIDER_MAX);
}
