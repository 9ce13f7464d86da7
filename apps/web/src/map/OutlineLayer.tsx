import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap, useMapCoords } from './context';
import { loadOutline, type OutlineProvince } from './outline';
import { PANES } from './panes';

const STYLE: L.PolylineOptions = {
  color: '#b4bcc4',
  weight: 1,
  opacity: 1,
  fillColor: '#f6f4ef',
  fillOpacity: 1,
  fillRule: 'evenodd',
  interactive: false,
  // Already simplified to ~1 km; Leaflet's own smoothing would only blur the coast at low zoom.
  smoothFactor: 0.5,
};

/**
 * The bundled province outlines of China, under the tiles: with no network (or the 'none'
 * source) the map still shows land, coast and borders. MapView adds it.
 */
export function OutlineLayer() {
  const map = useMap();
  const coords = useMapCoords();
  const [provinces, setProvinces] = useState<OutlineProvince[] | null>(null);

  useEffect(() => {
    let current = true;
    loadOutline().then(
      (loaded) => {
        if (current) setProvinces(loaded);
      },
      (error: unknown) => console.warn('Offline map outline not loaded', error),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!provinces) return;
    const renderer = L.canvas({ pane: PANES.outline.name, padding: 0.5 });
    const group = L.layerGroup(
      provinces.map((province) =>
        L.polygon(
          province.rings.map((ring) => ring.map((point) => coords.toMap(point))),
          { ...STYLE, renderer, pane: PANES.outline.name },
        ),
      ),
    ).addTo(map);
    return () => {
      group.remove();
      renderer.remove();
    };
  }, [map, coords, provinces]);

  return null;
}
