import type { LatLon } from '@xunji/shared';
import type { PositionInsert } from '../../src/repositories/ingest/ingest-batch.js';

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
