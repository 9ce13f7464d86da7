import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMapCoords, useMap } from './context';
import './pin.css';

export type PinTone = 'green' | 'red' | 'orange' | 'blue';

export interface PinLayerProps {
  /** WGS-84. */
  point: LatLon;
  tone: PinTone;
  /** One or two characters inside the pin (from the language resources). */
  label: string;
  /** Pins with a higher order are drawn over the others. */
  order?: number;
}

/** A round labelled pin (the start or end of a trip, a stay, an alarm). */
export function PinLayer({ point, tone, label, order = 0 }: PinLayerProps) {
  const map = useMap();
  const coords = useMapCoords();
  const { latitude, longitude } = point;
  useEffect(() => {
    const icon = L.divIcon({
      className: '',
      html: `<div class="map-pin map-pin--${tone}"></div>`,
      iconSize: [26, 26],
      iconAnchor: [13, 13],
    });
    const marker = L.marker(coords.toMap({ latitude, longitude }), {
      icon,
      interactive: false,
      keyboard: false,
      zIndexOffset: order * 100,
    }).addTo(map);
    // The label as text, not HTML.
    const element = marker.getElement()?.firstElementChild;
    if (element) element.textContent = label;
    return () => {
      marker.remove();
    };
  }, [map, coords, latitude, longitude, tone, label, order]);
  return null;
}
