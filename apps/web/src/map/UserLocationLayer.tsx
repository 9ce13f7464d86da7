import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap, useMapCoords } from './context';
import { PANES } from './panes';

export interface UserPosition extends LatLon {
  /** Radius of the 68 % circle, metres (GeolocationCoordinates.accuracy). */
  accuracy?: number | null;
}

const BLUE = '#1677ff';

/** The browser's position (WGS-84, from the page's geolocation): a blue dot in its accuracy circle. */
export function UserLocationLayer({ position }: { position: UserPosition | null }) {
  const map = useMap();
  const coords = useMapCoords();
  const [layers] = useState(() => {
    const pane = PANES.userLocation.name;
    return {
      accuracy: L.circle([0, 0], {
        pane,
        radius: 1,
        color: BLUE,
        weight: 1,
        opacity: 0.4,
        fillColor: BLUE,
        fillOpacity: 0.12,
        interactive: false,
      }),
      dot: L.circleMarker([0, 0], {
        pane,
        radius: 7,
        color: '#fff',
        weight: 2.5,
        fillColor: BLUE,
        fillOpacity: 1,
        interactive: false,
      }),
    };
  });

  const latitude = position?.latitude;
  const longitude = position?.longitude;
  const accuracy = position?.accuracy ?? 0;

  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const latLng = coords.toMap({ latitude, longitude });
    layers.dot.setLatLng(latLng).addTo(map);
    if (accuracy > 0) layers.accuracy.setLatLng(latLng).setRadius(accuracy).addTo(map);
    return () => {
      layers.dot.remove();
      layers.accuracy.remove();
    };
  }, [map, coords, layers, latitude, longitude, accuracy]);

  return null;
}
