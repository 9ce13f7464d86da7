import type { Ring } from './point-in-rings.js';

/** A coordinate to at most 6 decimals (about 0.1 m), as AMap writes them. */
export const coordinate = (value: number): string => String(Math.round(value * 1e6) / 1e6);

/**
 * Polygons as AMap's district `polyline`: every ring (outer rings and holes alike, polygon after
 * polygon) as "lng,lat;lng,lat;…", the rings joined by "|".
 */
export function amapPolyline(polygons: readonly (readonly Ring[])[]): string {
  return polygons
    .flat()
    .map((ring) => {
      const points: string[] = [];
      for (let i = 0; i < ring.length; i += 2) {
        points.push(`${coordinate(ring[i]!)},${coordinate(ring[i + 1]!)}`);
      }
      return points.join(';');
    })
    .join('|');
}
