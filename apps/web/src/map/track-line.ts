import { decodeLevels, keptAt, planarMetres, zoomLevels, type TrackColumns } from '@xunji/shared';
import type { MapCrs } from './tile-sources';
import { speedSums, type SpeedSums } from './track-bands';

/**
 * What drawing a track at any zoom needs, computed once (see history/track-view): the
 * simplification level of its points and the running sums that colour it.
 */
export interface TrackLine {
  /** The coordinate system of the map it is drawn on. */
  crs: MapCrs;
  /** The points drawn (e.g. without network fixes). */
  indices: Uint32Array;
  /** Per point drawn: the lowest zoom level that draws it (Douglas-Peucker at one pixel). */
  levels: Uint8Array;
  sums: SpeedSums;
}

export const lineLatitudes = (columns: TrackColumns, crs: MapCrs) =>
  crs === 'gcj02' ? columns.gcjLatitude : columns.latitude;
export const lineLongitudes = (columns: TrackColumns, crs: MapCrs) =>
  crs === 'gcj02' ? columns.gcjLongitude : columns.longitude;

/**
 * The line of the points at `indices`. With every point shown, the levels are the server's;
 * only a subset (network fixes hidden) is simplified here, which takes long for a day at 1 Hz.
 */
export function buildTrackLine(
  columns: TrackColumns,
  indices: Uint32Array,
  crs: MapCrs,
): TrackLine {
  const lat = lineLatitudes(columns, crs);
  const lon = lineLongitudes(columns, crs);
  const planar = planarMetres(lat, lon);
  const levels =
    indices.length === columns.count
      ? decodeLevels(columns.levels[crs])
      : zoomLevels(lat, lon, indices, planar);
  return { crs, indices, levels, sums: speedSums(columns.speed, planar.x, planar.y) };
}

/** The points to draw at a zoom level: Douglas-Peucker at one pixel. */
export const linePointsAt = (line: TrackLine, zoom: number): Uint32Array =>
  keptAt(line.levels, line.indices, zoom);
