import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap, useMapCoords } from './context';
import type { PinTone } from './PinLayer';
import './pin.css';

export interface MapPlace {
  id: string;
  name: string;
  /** WGS-84. */
  position: LatLon;
}

export interface PlacesLayerProps {
  places: readonly MapPlace[];
  tone: PinTone;
  /** One character inside each pin (from the language resources). */
  label: string;
}

/** Places around a point (petrol or charging stations): small pins, the name on a tap. */
export function PlacesLayer({ places, tone, label }: PlacesLayerProps) {
  const map = useMap();
  const coords = useMapCoords();
  useEffect(() => {
    const icon = L.divIcon({
      className: '',
      html: `<div class="map-pin map-pin--small map-pin--${tone}"></div>`,
      iconSize: [22, 22],
      iconAnchor: [11, 11],
    });
    const group = L.layerGroup(
      places.map((place) => {
        const marker = L.marker(coords.toMap(place.position), { icon, keyboard: false });
        // Names as text, not HTML.
        marker.bindTooltip(
          () => {
            const name = document.createElement('span');
            name.textContent = place.name;
            return name;
          },
          { direction: 'top' },
        );
        marker.on('add', () => {
          const element = marker.getElement()?.firstElementChild;
          if (element) element.textContent = label;
        });
        return marker;
      }),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, coords, places, tone, label]);
  return null;
}
