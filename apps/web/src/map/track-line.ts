import type { TrackColumns } from '@xunji/shared';
import { keptAt, metresPerPixel, planarMetres, simplificationRanks } from './simplify';
import { TILE_SOURCES, type MapCrs } from './tile-sources';
import { speedSums, type SpeedSums } from './track-bands';

/** Simplified points may be this far (screen px) from the real line: invisible at 5-px width. */
const TOLERANCE_PX = 1;
const FINEST_ZOOM = Math.max(...TILE_SOURCES.map((source) => source.maxZoom));

/**
 * What drawing a track at any zoom needs, computed once (off the main thread, see
 * history/track-view): the simplification ranks of its points and the running sums that colour it.
 */
export interface TrackLine {
  /** The coordinate system the ranks were computed in: the map's. */
  crs: MapCrs;
  /** The points drawn (e.g. without network fixes). */
  indices: Uint32Array;
  ranks: Float64Array;
  sums: SpeedSums;
  /** Where metres per pixel are taken. */
  latitude: number;
}

export const lineLatitudes = (columns: TrackColumns, crs: MapCrs) =>
  crs === 'gcj02' ? columns.gcjLatitude : columns.latitude;
export const lineLongitudes = (columns: TrackColumns, crs: MapCrs) =>
  crs === 'gcj02' ? columns.gcjLongitude : columns.longitude;

export function buildTrackLine(
  columns: TrackColumns,
  indices: Uint32Array,
  crs: MapCrs,
): TrackLine {
  const lat = lineLatitudes(columns, crs);
  const { x, y } = planarMetres(lat, lineLongitudes(columns, crs));
  const latitude = indices.length > 0 ? lat[indices[indices.length >> 1]!]! : 0;
  const finest = metresPerPixel(FINEST_ZOOM, latitude) * TOLERANCE_PX;
  return {
    crs,
    indices,
    ranks: simplificationRanks(x, y, indices, finest),
    sums: speedSums(columns.speed, x, y),
    latitude,
  };
}

/** The points to draw at a zoom level: Douglas-Peucker at one pixel. */
export const linePointsAt = (line: TrackLine, zoom: number): Uint32Array =>
  keptAt(line.ranks, line.indices, metresPerPixel(Math.round(zoom), line.latitude) * TOLERANCE_PX);
