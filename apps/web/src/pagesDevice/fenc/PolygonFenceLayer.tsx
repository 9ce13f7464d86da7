import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap, useMapCoords } from '../../map';
import { FENCE_COLOR, FENCE_ERROR_COLOR } from './colors';

/**
 * A polygon being drawn: its outline (a line until the third corner) and the corners, the
 * last one larger. Red while its sides cross.
 */
export function PolygonFenceLayer({
  corners,
  crossing,
}: {
  corners: readonly LatLon[];
  crossing: boolean;
}) {
  const map = useMap();
  const coords = useMapCoords();

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const color = crossing ? FENCE_ERROR_COLOR : FENCE_COLOR;
    const points = corners.map((corner) => coords.toMap(corner));
    const shape = { color, weight: 2, interactive: false } as const;
    if (points.length >= 3)
      L.polygon(points, { ...shape, fillColor: color, fillOpacity: 0.15 }).addTo(group);
    else if (points.length === 2) L.polyline(points, shape).addTo(group);
    points.forEach((point, i) =>
      L.circleMarker(point, {
        radius: i === points.length - 1 ? 6 : 4,
        color,
        weight: 2,
        fillColor: '#fff',
        fillOpacity: 1,
        interactive: false,
      }).addTo(group),
    );
    return () => {
      group.remove();
    };
  }, [map, coords, corners, crossing]);

  return null;
}
