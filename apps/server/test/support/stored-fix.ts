import type { LatLon } from '@xunji/shared';
import type {
  DeviceStateUpsert,
  PositionInsert,
} from '../../src/repositories/ingest/ingest-batch.js';

/** A valid GPS fix at `time` and `place`, as the gateway stores it (30 km/h east, ACC on). */
export function storedFix(
  deviceId: number,
  time: number,
  place: LatLon,
  overrides: Partial<PositionInsert> = {},
): PositionInsert {
  return {
    deviceId,
    fixTime: time,
    serverTime: time,
    valid: 1,
    latitude: place.latitude,
    longitude: place.longitude,
    altitude: null,
    speed: 30,
    course: 90,
    lbsMode: 'gps',
    satellites: 9,
    battery: 80,
    acc: 1,
    mileage: null,
    reupload: 0,
    attributes: null,
    ...overrides,
  };
}

/** The device's state after a valid GPS fix at `time` and `place`, as the gateway keeps it. */
export function storedState(
  deviceId: number,
  time: number,
  place: LatLon,
  overrides: Partial<DeviceStateUpsert> = {},
): DeviceStateUpsert {
  return {
    deviceId,
    status: 'online',
    lastAlive: time,
    locateTime: time,
    latitude: place.latitude,
    longitude: place.longitude,
    speed: 30,
    course: 90,
    valid: 1,
    lbsMode: 'gps',
    satellites: 9,
    battery: 80,
    signal: 70,
    acc: 1,
    voltage: null,
    mileage: null,
    charging: 0,
    updatedAt: time,
    ...overrides,
  };
}
