import type { LatLon } from '@xunji/shared';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap, useMapCoords, useViewPadding } from './context';
import { focusZoom, type FollowState } from './follow';
import { centreMap } from './FlyTo';
import { isWellInView } from './view-padding';

export interface FollowDeviceProps {
  /** The device's position, WGS-84; null while it has none. */
  point: LatLon | null;
  state: FollowState;
  /** The user panned or zoomed by hand (not the map following, nor a centring of ours). */
  onUserMove: () => void;
}

/**
 * Keeps the selected device in the visible part of the map (the map's padding: clear of the
 * card): centres on it at each focus request, and while following brings it back to the middle
 * once it moves out of the middle part. Renders nothing.
 */
export function FollowDevice({ point, state, onUserMove }: FollowDeviceProps) {
  const map = useMap();
  const coords = useMapCoords();
  const padding = useViewPadding();
  /** Inside a move of ours: Leaflet starts a flight's zoom or a jump synchronously. */
  const ours = useRef(false);
  /** One of our flights or pans is under way: following waits for it to end. */
  const moving = useRef(false);

  const centre = useEffectEvent((animate: boolean, zoom: number) => {
    if (!point) return;
    ours.current = true;
    moving.current = animate;
    try {
      centreMap(map, coords, point, zoom, padding, animate);
    } finally {
      ours.current = false;
    }
  });

  const userMoved = useEffectEvent(onUserMove);
  useEffect(() => {
    const byHand = () => {
      if (!ours.current) userMoved();
    };
    const settled = () => {
      moving.current = false;
    };
    map.on({ dragstart: byHand, zoomstart: byHand, moveend: settled });
    return () => {
      map.off({ dragstart: byHand, zoomstart: byHand, moveend: settled });
    };
  }, [map]);

  // Each request, and again while following when the page covers another part of the map (the
  // card appears with the device's data, grows with its address, or is hidden).
  const { request, animate } = state.focus;
  const hasPoint = point !== null;
  const { following } = state;
  useEffect(() => {
    if (request > 0 && hasPoint && following) centre(animate, focusZoom(map.getZoom()));
  }, [map, request, animate, hasPoint, following, padding]);

  const keepInView = useEffectEvent(() => {
    if (!point || moving.current) return;
    const at = map.latLngToContainerPoint(coords.toMap(point));
    const { x: width, y: height } = map.getSize();
    if (!isWellInView(at, { width, height }, padding)) centre(true, map.getZoom());
  });
  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    if (following) keepInView();
  }, [following, latitude, longitude]);

  return null;
}
