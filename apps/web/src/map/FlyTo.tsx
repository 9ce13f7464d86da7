import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useCallback, useEffect, useRef } from 'react';
import { useMap, useMapCoords, type MapCoords } from './context';

export interface FlyToOptions {
  /** false: jump there at once. */
  animate?: boolean;
}

/** Returns a function that centres the map on a WGS-84 position (a device), at `zoom` if given. */
export function useFlyTo(): (point: LatLon, zoom?: number, options?: FlyToOptions) => void {
  const map = useMap();
  const coords = useMapCoords();
  return useCallback(
    (point, zoom, { animate = true } = {}) => {
      const target = coords.toMap(point);
      const targetZoom = zoom ?? map.getZoom();
      if (!animate) map.setView(target, targetZoom, { animate: false });
      else map.flyTo(target, targetZoom, { duration: 0.6 });
    },
    [map, coords],
  );
}

export interface FitBoundsOptions {
  /** Free space around the points, CSS px (room for a card over the map, etc.). */
  padding?: number;
  /** Do not zoom in further than this (one point, or points close together). */
  maxZoom?: number;
  animate?: boolean;
}

/** Shows all the given WGS-84 positions on the map (nothing when there are none). */
export function fitMap(
  map: L.Map,
  coords: Pick<MapCoords, 'toMap'>,
  points: readonly LatLon[],
  { padding = 40, maxZoom = 17, animate = true }: FitBoundsOptions = {},
): void {
  if (points.length === 0) return;
  // The map may have just changed size (a sheet appearing below it) and not heard yet.
  map.invalidateSize({ pan: false });
  const bounds = L.latLngBounds(points.map((point) => coords.toMap(point)));
  map.fitBounds(bounds, { padding: [padding, padding], maxZoom, animate });
}

/** Returns a function that shows all the given WGS-84 positions (a track, several devices). */
export function useFitBounds(): (points: readonly LatLon[], options?: FitBoundsOptions) => void {
  const map = useMap();
  const coords = useMapCoords();
  return useCallback((points, options) => fitMap(map, coords, points, options), [map, coords]);
}

/**
 * Centres the map on `point` when it is first given and whenever its coordinates change (the
 * followed device moves); null leaves the map where it is.
 */
export function FlyTo({
  point,
  zoom,
  animate = true,
}: {
  point: LatLon | null;
  zoom?: number;
  animate?: boolean;
}) {
  const flyTo = useFlyTo();
  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    flyTo({ latitude, longitude }, zoom, { animate });
  }, [flyTo, latitude, longitude, zoom, animate]);
  return null;
}

/**
 * Fits the map to `points` on mount, when they first arrive and whenever `fitKey` changes (a new
 * track, a new set of devices); new point arrays with the same key do not move the map.
 */
export function FitBounds({
  points,
  fitKey,
  ...options
}: { points: readonly LatLon[]; fitKey?: string | number } & FitBoundsOptions) {
  const fitBounds = useFitBounds();
  const latest = useRef({ points, options });
  useEffect(() => {
    latest.current = { points, options };
  });
  const empty = points.length === 0;
  useEffect(() => {
    if (!empty) fitBounds(latest.current.points, latest.current.options);
  }, [fitBounds, fitKey, empty]);
  return null;
}
