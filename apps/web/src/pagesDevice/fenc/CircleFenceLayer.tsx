import { distanceMetres, offset, type LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMap, useMapCoords } from '../../map';
import { FENCE_COLOR } from './colors';

export interface CircleFenceLayerProps {
  /** WGS-84; nothing is drawn without it. */
  centre: LatLon | null;
  /** Metres. */
  radius: number;
  /** While the handle is dragged: the distance from the centre, metres. */
  onRadius: (metres: number) => void;
}

/** Where the radius handle sits: on the circle, due east of the centre. */
const handlePoint = (centre: LatLon, radius: number) => offset(centre, 0, radius);

/** A round fence: the circle, its centre, and a handle on its edge to drag the radius. */
export function CircleFenceLayer({ centre, radius, onRadius }: CircleFenceLayerProps) {
  const map = useMap();
  const coords = useMapCoords();
  const [layers] = useState(() => ({
    circle: L.circle([0, 0], {
      radius: 1,
      color: FENCE_COLOR,
      weight: 2,
      fillColor: FENCE_COLOR,
      fillOpacity: 0.15,
      interactive: false,
    }),
    centre: L.circleMarker([0, 0], {
      radius: 5,
      color: '#fff',
      weight: 2,
      fillColor: FENCE_COLOR,
      fillOpacity: 1,
      interactive: false,
    }),
    handle: L.marker([0, 0], {
      draggable: true,
      keyboard: false,
      icon: L.divIcon({ className: 'fence-handle', iconSize: [24, 24], iconAnchor: [12, 12] }),
    }),
  }));
  const latest = useRef({ centre, radius, onRadius });
  useEffect(() => {
    latest.current = { centre, radius, onRadius };
  });
  const dragging = useRef(false);
  const placed = centre !== null;
  const latitude = centre?.latitude;
  const longitude = centre?.longitude;

  useEffect(() => {
    if (!placed) return;
    const all = [layers.circle, layers.centre, layers.handle];
    for (const layer of all) layer.addTo(map);
    return () => {
      for (const layer of all) layer.remove();
    };
  }, [map, layers, placed]);

  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const point = { latitude, longitude };
    layers.circle.setLatLng(coords.toMap(point)).setRadius(radius);
    layers.centre.setLatLng(coords.toMap(point));
    // The handle follows the finger while dragged; it snaps onto the circle when let go.
    if (!dragging.current) layers.handle.setLatLng(coords.toMap(handlePoint(point, radius)));
  }, [coords, layers, latitude, longitude, radius]);

  useEffect(() => {
    const { handle } = layers;
    const start = () => {
      dragging.current = true;
    };
    const drag = () => {
      const from = latest.current.centre;
      if (from) latest.current.onRadius(distanceMetres(from, coords.toWgs84(handle.getLatLng())));
    };
    const end = () => {
      dragging.current = false;
      const { centre: from, radius: metres } = latest.current;
      if (from) handle.setLatLng(coords.toMap(handlePoint(from, metres)));
    };
    handle.on('dragstart', start).on('drag', drag).on('dragend', end);
    return () => {
      handle.off('dragstart', start).off('drag', drag).off('dragend', end);
    };
  }, [coords, layers]);

  return null;
}
