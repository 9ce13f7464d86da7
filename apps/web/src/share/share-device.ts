import { badgeColor, DeviceState, deviceStateLabel, type ShareLbs } from '@xunji/shared';
import type { MapDevice } from '../map/devices';

/** The marker of the shared device (the page has only this one), or null before its first fix. */
export function sharedMapDevice(lbs: ShareLbs, name: string, iconType: number): MapDevice | null {
  if (lbs.lat === null || lbs.lon === null) return null;
  const motion = lbs.deviceState === DeviceState.ONLINE && (lbs.speed ?? 0) > 0;
  return {
    id: 0,
    latitude: lbs.lat,
    longitude: lbs.lon,
    iconType,
    direction: lbs.direction,
    color: badgeColor(deviceStateLabel(lbs.deviceState, motion, 'map')),
    label: name,
  };
}
