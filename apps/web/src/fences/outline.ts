/**
 * A fence's corners as the `points` of an SVG polygon filling a `size` box (with `padding`):
 * longitude shrunk by cos(latitude) so the shape keeps its proportions, north up.
 */
export function outlinePoints(
  points: readonly { lng: number; lat: number }[],
  size: number,
  padding = 2,
): string {
  if (points.length === 0) return '';
  const middle = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const shrink = Math.cos((middle * Math.PI) / 180);
  const xs = points.map((p) => p.lng * shrink);
  const ys = points.map((p) => -p.lat);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - minX;
  const height = Math.max(...ys) - minY;
  const inner = size - 2 * padding;
  const scale = inner / Math.max(width, height, Number.EPSILON);
  const offsetX = padding + (inner - width * scale) / 2;
  const offsetY = padding + (inner - height * scale) / 2;
  const at = (value: number) => Math.round(value * 10) / 10;
  return xs
    .map((x, i) => `${at(offsetX + (x - minX) * scale)},${at(offsetY + (ys[i]! - minY) * scale)}`)
    .join(' ');
}
