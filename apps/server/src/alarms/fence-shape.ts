import type { FenceRow } from '../db/schema.js';
import type { FenceShape } from './fence-geometry.js';

/** The stored points: WGS-84 [[lng, lat], …]. */
export const parsePoints = (points: string): [number, number][] =>
  JSON.parse(points) as [number, number][];

export function shapeOf(row: FenceRow): FenceShape {
  const points = parsePoints(row.points).map(([longitude, latitude]) => ({ latitude, longitude }));
  if (row.type === 'round') return { type: 'round', centre: points[0]!, radiusM: row.radius ?? 0 };
  if (row.type === 'polygon') return { type: 'polygon', ring: points };
  return { type: 'district', regionCode: row.regionCode ?? '' };
}
