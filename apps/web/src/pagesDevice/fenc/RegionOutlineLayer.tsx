import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap, useMapCoords } from '../../map';
import { FENCE_COLOR } from './colors';

/** A region's outline (its rings are separate parts: islands, exclaves), on a canvas. */
export function RegionOutlineLayer({ rings }: { rings: readonly LatLon[][] }) {
  const map = useMap();
  const coords = useMapCoords();
  // A province has some 15,000 points: one canvas draws them faster than SVG paths.
  const [renderer] = useState(() => L.canvas({ padding: 0.5 }));

  useEffect(() => {
    if (rings.length === 0) return;
    const parts = rings.map((ring) => [ring.map((point) => coords.toMap(point))]);
    const outline = L.polygon(parts, {
      renderer,
      color: FENCE_COLOR,
      weight: 2,
      fillColor: FENCE_COLOR,
      fillOpacity: 0.12,
      interactive: false,
    }).addTo(map);
    return () => {
      outline.remove();
    };
  }, [map, coords, renderer, rings]);

  return null;
}
