import type { TrackColumns } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useMap, useMapSource } from './context';
import { metresPerPixel, planarMetres, simplifyIndices } from './simplify';
import { SPEED_BANDS } from './speed-colors';
import { bandLines, speedSums } from './track-bands';

export interface TrackLineLayerProps {
  columns: TrackColumns;
  /** The points to draw (e.g. without network fixes); every point when absent. */
  indices?: Uint32Array;
  /** Called after each drawing (the first one: the track is on screen). */
  onDrawn?: () => void;
}

/** Simplified points may be this far (screen px) from the real line: invisible at 5-px width. */
const TOLERANCE_PX = 1;

/**
 * A track coloured by speed, on a canvas, over a white casing. It is simplified for the zoom
 * level (Douglas-Peucker at one pixel), once per zoom, so a day at 1 Hz stays smooth.
 */
export function TrackLineLayer({ columns, indices, onDrawn }: TrackLineLayerProps) {
  const map = useMap();
  const { crs } = useMapSource();
  const [renderer] = useState(() => L.canvas({ padding: 0.5 }));
  const lat = crs === 'gcj02' ? columns.gcjLatitude : columns.latitude;
  const lon = crs === 'gcj02' ? columns.gcjLongitude : columns.longitude;
  const shown = useMemo(
    () => indices ?? Uint32Array.from({ length: columns.count }, (_, i) => i),
    [indices, columns],
  );
  const planar = useMemo(() => planarMetres(lat, lon), [lat, lon]);
  const sums = useMemo(() => speedSums(columns.speed, planar.x, planar.y), [columns, planar]);

  useEffect(() => {
    if (shown.length === 0) return;
    const group = L.layerGroup().addTo(map);
    const middle = lat[shown[Math.floor(shown.length / 2)]!]!;
    const byZoom = new Map<number, Uint32Array>();
    const draw = () => {
      const zoom = Math.round(map.getZoom());
      let kept = byZoom.get(zoom);
      if (!kept) {
        const tolerance = metresPerPixel(zoom, middle) * TOLERANCE_PX;
        kept = simplifyIndices(planar.x, planar.y, shown, tolerance);
        byZoom.set(zoom, kept);
      }
      group.clearLayers();
      const line = { renderer, interactive: false, smoothFactor: 0, lineJoin: 'round' } as const;
      const all: L.LatLngTuple[] = Array.from(kept, (i) => [lat[i]!, lon[i]!]);
      L.polyline(all, { ...line, color: '#fff', weight: 8, opacity: 0.9 }).addTo(group);
      bandLines(kept, sums, lat, lon).forEach((lines, band) => {
        if (lines.length > 0)
          L.polyline(lines, { ...line, color: SPEED_BANDS[band]!.color, weight: 5 }).addTo(group);
      });
      onDrawn?.();
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      group.remove();
    };
  }, [map, renderer, sums, shown, lat, lon, planar, onDrawn]);

  return null;
}
