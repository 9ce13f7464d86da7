import type { TrackColumns } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap, useMapSource } from './context';
import { SPEED_BANDS } from './speed-colors';
import { bandLines } from './track-bands';
import { lineLatitudes, lineLongitudes, linePointsAt, type TrackLine } from './track-line';

export interface TrackLineLayerProps {
  columns: TrackColumns;
  /** The line prepared for this map's coordinate system (history/useTrackView). */
  line: TrackLine;
  /** Called after each drawing (the first one: the track is on screen). */
  onDrawn?: () => void;
}

/**
 * A track coloured by speed, on a canvas, over a white casing, simplified for the zoom level
 * (Douglas-Peucker at one pixel, from ranks computed once) so that a day at 1 Hz stays smooth.
 */
export function TrackLineLayer({ columns, line, onDrawn }: TrackLineLayerProps) {
  const map = useMap();
  const { crs } = useMapSource();
  // Beyond the map by the farthest the follow pan moves it (the marker kept in the middle 60%):
  // no blank edge while it pans, and a canvas 2.6 times the map's area instead of Leaflet's 4
  // (allocated, drawn and handed to the compositor at device scale).
  const [renderer] = useState(() => L.canvas({ padding: 0.3 }));

  useEffect(() => {
    // A line prepared for the previous base map waits for the one of this map.
    if (line.indices.length === 0 || line.crs !== crs) return;
    const lat = lineLatitudes(columns, crs);
    const lon = lineLongitudes(columns, crs);
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      const kept = linePointsAt(line, map.getZoom());
      group.clearLayers();
      const style = { renderer, interactive: false, smoothFactor: 0, lineJoin: 'round' } as const;
      const all: L.LatLngTuple[] = Array.from(kept, (i) => [lat[i]!, lon[i]!]);
      L.polyline(all, { ...style, color: '#fff', weight: 8, opacity: 0.9 }).addTo(group);
      bandLines(kept, line.sums, lat, lon).forEach((lines, band) => {
        if (lines.length > 0)
          L.polyline(lines, { ...style, color: SPEED_BANDS[band]!.color, weight: 5 }).addTo(group);
      });
      onDrawn?.();
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      group.remove();
    };
  }, [map, renderer, crs, columns, line, onDrawn]);

  return null;
}
