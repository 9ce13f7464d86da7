/** Pure screen geometry of the device markers (container pixels, CSS px). */

/** How far from a marker's centre a tap still selects it. */
export const HIT_RADIUS = 22;

/** Whether a marker centred at (x, y) shows in a width × height view, `margin` px of it being drawn. */
export function isInViewport(
  x: number,
  y: number,
  width: number,
  height: number,
  margin: number,
): boolean {
  return x >= -margin && y >= -margin && x <= width + margin && y <= height + margin;
}

/**
 * Index of the marker nearest (x, y) within `radius`, -1 when none. Markers are given in drawing
 * order; of equally near ones the one drawn last (on top) wins.
 */
export function nearestMarker(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  count: number,
  x: number,
  y: number,
  radius = HIT_RADIUS,
): number {
  let best = -1;
  let bestDistance = radius * radius;
  for (let i = 0; i < count; i++) {
    const dx = xs[i]! - x;
    const dy = ys[i]! - y;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}
