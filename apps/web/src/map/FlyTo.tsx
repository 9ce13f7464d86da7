import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useCallback, useEffect, useRef } from 'react';
import { useMap, useMapCoords, useViewPadding, type MapCoords } from './context';
import { centreOffset, NO_PADDING, type ViewPadding } from './view-padding';

export interface FlyToOptions {
  /** false: jump there at once. */
  animate?: boolean;
}

/**
 * Centres the map on a WGS-84 position in the part of it the page leaves visible (`padding`):
 * a pan to a place within a screen's reach at the same zoom, else a flight.
 */
export function centreMap(
  map: L.Map,
  coords: Pick<MapCoords, 'toMap'>,
  point: LatLon,
  zoom: number,
  padding: ViewPadding,
  animate: boolean,
): void {
  const offset = centreOffset(padding);
  const target = map.unproject(
    map.project(coords.toMap(point), zoom).add([offset.x, offset.y]),
    zoom,
  );
  const near =
    zoom === map.getZoom() &&
    map.getSize().contains(map.project(target, zoom).subtract(map.project(map.getCenter(), zoom)));
  if (!animate) map.setView(target, zoom, { animate: false });
  else if (near) map.panTo(target, { animate: true, duration: 0.5 });
  else map.flyTo(target, zoom, { duration: 0.6 });
}

/** Returns a function that centres the map on a WGS-84 position (a device), at `zoom` if given. */
export function useFlyTo(): (point: LatLon, zoom?: number, options?: FlyToOptions) => void {
  const map = useMap();
  const coords = useMapCoords();
  const padding = useViewPadding();
  return useCallback(
    (point, zoom, { animate = true } = {}) =>
      centreMap(map, coords, point, zoom ?? map.getZoom(), padding, animate),
    [map, coords, padding],
  );
}

export interface FitBoundsOptions {
  /** Free space around the points, CSS px (besides what the page covers of the map). */
  padding?: number;
  /** Do not zoom in further than this (one point, or points close together). */
  maxZoom?: number;
  animate?: boolean;
}

/** Shows all the given WGS-84 positions in the visible part of the map (nothing without any). */
export function fitMap(
  map: L.Map,
  coords: Pick<MapCoords, 'toMap'>,
  points: readonly LatLon[],
  { padding = 40, maxZoom = 17, animate = true }: FitBoundsOptions = {},
  covered: ViewPadding = NO_PADDING,
): void {
  if (points.length === 0) return;
  // The map may have just changed size (a sheet appearing below it) and not heard yet.
  map.invalidateSize({ pan: false });
  const bounds = L.latLngBounds(points.map((point) => coords.toMap(point)));
  map.fitBounds(bounds, {
    paddingTopLeft: [covered.left + padding, covered.top + padding],
    paddingBottomRight: [covered.right + padding, covered.bottom + padding],
    maxZoom,
    animate,
  });
}

/** Returns a function that shows all the given WGS-84 positions (a track, several devices). */
export function useFitBounds(): (points: readonly LatLon[], options?: FitBoundsOptions) => void {
  const map = useMap();
  const coords = useMapCoords();
  const covered = useViewPadding();
  return useCallback(
    (points, options) => fitMap(map, coords, points, options, covered),
    [map, coords, covered],
  );
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
