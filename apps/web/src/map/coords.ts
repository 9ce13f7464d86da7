import { gcj02ToWgs84, inChina, wgs84ToGcj02, type LatLon } from '@xunji/shared';
import type { MapCrs } from './tile-sources';

/**
 * Positions are WGS-84 everywhere in the app; a GCJ-02 map (AMap) gets them offset, and only
 * inside China (outside it GCJ-02 is WGS-84).
 */
export function toMapCoords(point: LatLon, crs: MapCrs): LatLon {
  return crs === 'gcj02' && inChina(point) ? wgs84ToGcj02(point) : point;
}

/** The inverse, for a point picked on the map. */
export function fromMapCoords(point: LatLon, crs: MapCrs): LatLon {
  return crs === 'gcj02' && inChina(point) ? gcj02ToWgs84(point) : point;
}
