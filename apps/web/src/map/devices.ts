import { badgeColor, deviceStateLabel, type Terminal } from '@xunji/shared';

/** A device as the markers layer draws it. */
export interface MapDevice {
  id: number;
  /** WGS-84 */
  latitude: number;
  longitude: number;
  /** Index in ICON_TYPES (car, truck, motorbike, person, child, elderly, pet, other). */
  iconType: number;
  /** Heading in degrees from north; turns the vehicle icons. */
  direction: number | null;
  /** The §4 badge colour (badgeColor). */
  color: string;
  /** Shown beside the selected marker. */
  label: string;
}

/** A live change to one device: only the fields that changed. */
export type MapDeviceUpdate = Pick<MapDevice, 'id'> & Partial<MapDevice>;

/** The marker of a device, or null while it has no position. */
export function terminalToMapDevice(terminal: Terminal): MapDevice | null {
  if (terminal.latWGS84 === null || terminal.lonWGS84 === null) return null;
  return {
    id: terminal.id,
    latitude: terminal.latWGS84,
    longitude: terminal.lonWGS84,
    iconType: terminal.iconType,
    direction: terminal.direction,
    color: badgeColor(deviceStateLabel(terminal.deviceState, terminal.motion, 'map')),
    label: terminal.terminalName,
  };
}
