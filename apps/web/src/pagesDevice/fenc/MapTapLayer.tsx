import type { LatLon } from '@xunji/shared';
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap, useMapCoords } from '../../map';

/**
 * Reports each tap on the map as a WGS-84 point. Double-tap zoom is off meanwhile: its two taps
 * would be two corners.
 */
export function MapTapLayer({ onTap }: { onTap: (point: LatLon) => void }) {
  const map = useMap();
  const coords = useMapCoords();
  const onTapRef = useRef(onTap);
  useEffect(() => {
    onTapRef.current = onTap;
  });

  useEffect(() => {
    const tap = (event: L.LeafletMouseEvent) => onTapRef.current(coords.toWgs84(event.latlng));
    const container = map.getContainer();
    map.doubleClickZoom.disable();
    container.classList.add('xj-map--pointer');
    map.on('click', tap);
    return () => {
      map.off('click', tap);
      container.classList.remove('xj-map--pointer');
      map.doubleClickZoom.enable();
    };
  }, [map, coords]);

  return null;
}
