import type { LatLon } from '@xunji/shared';
import type L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMap, useMapCoords } from './context';

export interface PointPickerProps {
  /**
   * The chosen point, WGS-84. When it changes from outside (a search result, "my position") the
   * map moves there; with none, the map's centre is reported at once.
   */
  value?: LatLon | null;
  /** The point under the pin (WGS-84) each time the map comes to rest. */
  onChange: (point: LatLon) => void;
}

/** Closer than this (about half a metre) is the same point: our own echo, not a new choice. */
const SAME = 5e-6;
const same = (a: LatLon, b: LatLon) =>
  Math.abs(a.latitude - b.latitude) < SAME && Math.abs(a.longitude - b.longitude) < SAME;

/**
 * Choosing a point: a pin stays in the middle of the map; dragging the map, or tapping a place
 * (the map glides there), moves the point under it.
 */
export function PointPicker({ value, onChange }: PointPickerProps) {
  const map = useMap();
  const coords = useMapCoords();
  const [moving, setMoving] = useState(false);
  const reported = useRef<LatLon | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const reportCentre = useCallback(() => {
    const point = coords.toWgs84(map.getCenter());
    if (reported.current && same(reported.current, point)) return;
    reported.current = point;
    onChangeRef.current(point);
  }, [map, coords]);

  useEffect(() => {
    const start = () => setMoving(true);
    const end = () => {
      setMoving(false);
      reportCentre();
    };
    const tap = (event: L.LeafletMouseEvent) => map.panTo(event.latlng);
    map.on('movestart', start);
    map.on('moveend', end);
    map.on('click', tap);
    return () => {
      map.off('movestart', start);
      map.off('moveend', end);
      map.off('click', tap);
    };
  }, [map, reportCentre]);

  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) {
      if (!reported.current) reportCentre();
      return;
    }
    const point = { latitude, longitude };
    if (reported.current && same(reported.current, point)) return;
    reported.current = point;
    map.setView(coords.toMap(point), map.getZoom(), { animate: false });
  }, [map, coords, latitude, longitude, reportCentre]);

  return (
    <div className={moving ? 'xj-map-picker xj-map-picker--moving' : 'xj-map-picker'} aria-hidden>
      <span className="xj-map-picker__shadow" />
      <svg className="xj-map-picker__pin" viewBox="0 0 32 40">
        <path
          d="M16 0C7.2 0 0 7 0 15.6 0 27.3 16 40 16 40s16-12.7 16-24.4C32 7 24.8 0 16 0z"
          style={{ fill: 'var(--adm-color-primary, #ff7a00)' }}
        />
        <circle cx="16" cy="15.5" r="6" fill="#fff" />
      </svg>
    </div>
  );
}
