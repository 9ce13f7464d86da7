import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap, useMapCoords } from './context';

const CASING: L.PolylineOptions = { color: '#fff', weight: 6, opacity: 0.9, interactive: false };
const LINE: L.PolylineOptions = { color: '#1677ff', weight: 3, opacity: 0.9, interactive: false };

/** A device's recent path: a blue line under the markers. Renders nothing. */
export function TrailLayer({ points }: { points: readonly LatLon[] }) {
  const map = useMap();
  const coords = useMapCoords();
  const lines = useRef<L.Polyline[]>([]);

  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const made = [CASING, LINE].map((style) => L.polyline([], { ...style, renderer }).addTo(map));
    lines.current = made;
    return () => {
      for (const line of made) line.remove();
      renderer.remove();
      lines.current = [];
    };
  }, [map]);

  useEffect(() => {
    const latLngs = points.map((point) => coords.toMap(point));
    for (const line of lines.current) line.setLatLngs(latLngs);
  }, [map, points, coords]);

  return null;
}
