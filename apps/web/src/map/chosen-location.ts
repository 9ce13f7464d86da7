import type { LatLon } from '@xunji/shared';
import { create } from 'zustand';
import { PATHS } from '../router/paths';
import { toMapCoords } from './coords';

/**
 * The hand-over of /choose-location: the page stores the point the user confirmed, then goes
 * back; the page that sent the user there takes it when it shows again. In memory only (a
 * reload forgets it), no Leaflet: callers import this file without loading the map.
 *
 *   navigateTo(chooseLocationPath(fence.centre));            // start from a point, or none
 *   …
 *   useEffect(() => {                                        // back on the caller page
 *     const chosen = takeChosenLocation();
 *     if (chosen) setCentre(chosen.wgs84);
 *   }, []);
 */
export interface ChosenLocation {
  wgs84: LatLon;
  /** GCJ-02 inside mainland China, WGS-84 elsewhere (as the server's lon/lat). */
  gcj02: LatLon;
  /** The address under the pin; null when none could be found. */
  address: string | null;
  /** When it was confirmed (ms). */
  chosenAt: number;
}

interface ChosenLocationState {
  chosen: ChosenLocation | null;
}

export const useChosenLocation = create<ChosenLocationState>()(() => ({ chosen: null }));

/** Called by /choose-location on confirm; returns what it stored. */
export function setChosenLocation(
  wgs84: LatLon,
  address: string | null,
  now: number = Date.now(),
): ChosenLocation {
  const chosen: ChosenLocation = {
    wgs84: { latitude: wgs84.latitude, longitude: wgs84.longitude },
    gcj02: toMapCoords(wgs84, 'gcj02'),
    address: address?.trim() || null,
    chosenAt: now,
  };
  useChosenLocation.setState({ chosen });
  return chosen;
}

/** The confirmed point, once: it is cleared as it is returned (null when there is none). */
export function takeChosenLocation(): ChosenLocation | null {
  const { chosen } = useChosenLocation.getState();
  if (chosen) useChosenLocation.setState({ chosen: null });
  return chosen;
}

/** Forgets an unclaimed choice (a caller may clear before it opens the picker). */
export function clearChosenLocation(): void {
  useChosenLocation.setState({ chosen: null });
}

/** /choose-location, starting from `start` (WGS-84) when given. */
export function chooseLocationPath(start?: LatLon | null): string {
  if (!start) return PATHS.chooseLocation;
  const query = new URLSearchParams({
    latitude: String(start.latitude),
    longitude: String(start.longitude),
  });
  return `${PATHS.chooseLocation}?${query}`;
}

/** The ?latitude=&longitude= of /choose-location, or null when missing or out of range. */
export function parseStartPoint(params: URLSearchParams): LatLon | null {
  const latitude = params.get('latitude');
  const longitude = params.get('longitude');
  if (latitude === null || longitude === null || !latitude.trim() || !longitude.trim()) return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return null;
  if (Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180) return null;
  return point;
}
