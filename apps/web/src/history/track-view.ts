import { decodeTrack, type EncodedTrack, type LatLon, type TrackColumns } from '@xunji/shared';
import { buildTrackLine, type TrackLine } from '../map/track-line';
import type { MapCrs } from '../map/tile-sources';
import { buildTimeline, type Timeline } from './playback';

/** Everything the track's map and playback need, computed from the answer in one go. */
export interface TrackView {
  columns: TrackColumns;
  /** Its indices are the points shown. */
  timeline: Timeline;
  /** South-west and north-east corners of the points shown (none when there are none). */
  corners: LatLon[];
  line: TrackLine;
}

export interface TrackViewOptions {
  /** Leave network (cell, Wi-Fi) fixes out. */
  hideNetworkFixes: boolean;
  crs: MapCrs;
}

function shownIndices(columns: TrackColumns, hideNetworkFixes: boolean): Uint32Array {
  const shown = new Uint32Array(columns.count);
  let count = 0;
  for (let i = 0; i < columns.count; i++)
    if (!hideNetworkFixes || columns.mode[i] === 0) shown[count++] = i;
  return shown.slice(0, count);
}

function cornersOf(columns: TrackColumns, shown: Uint32Array): LatLon[] {
  if (shown.length === 0) return [];
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (let k = 0; k < shown.length; k++) {
    const i = shown[k]!;
    south = Math.min(south, columns.latitude[i]!);
    north = Math.max(north, columns.latitude[i]!);
    west = Math.min(west, columns.longitude[i]!);
    east = Math.max(east, columns.longitude[i]!);
  }
  return [
    { latitude: south, longitude: west },
    { latitude: north, longitude: east },
  ];
}

export function buildTrackView(points: EncodedTrack, options: TrackViewOptions): TrackView {
  const columns = decodeTrack(points);
  const shown = shownIndices(columns, options.hideNetworkFixes);
  return {
    columns,
    timeline: buildTimeline(columns, shown),
    corners: cornersOf(columns, shown),
    line: buildTrackLine(columns, shown, options.crs),
  };
}

/** The buffers of a view, each once, to hand it over between threads without copying. */
export function viewBuffers(view: TrackView): ArrayBuffer[] {
  const arrays = [
    ...Object.values(view.columns).filter(ArrayBuffer.isView),
    view.timeline.indices,
    view.timeline.at,
    view.line.levels,
    view.line.sums.metres,
    view.line.sums.weighted,
  ];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}
