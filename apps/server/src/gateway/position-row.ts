import type { Position } from '@xunji/protocols';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';

export const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/** Facts without a column of their own, kept as JSON attributes. */
const ATTRIBUTE_KEYS = [
  'cells',
  'wifi',
  'alarms',
  'voltage',
  'signal',
  'charging',
  'cut',
  'armed',
  'steps',
] as const;

function attributesOf(p: Position): string | null {
  let present: Partial<Record<(typeof ATTRIBUTE_KEYS)[number], unknown>> | undefined;
  for (const key of ATTRIBUTE_KEYS) {
    if (p[key] !== undefined) (present ??= {})[key] = p[key];
  }
  return present ? JSON.stringify(present) : null;
}

/** A decoded position as its row; `mileage` is the device's odometer or the computed one (km). */
export function toPositionRow(
  deviceId: number,
  p: Position,
  serverTime: number,
  mileage: number | null,
): PositionInsert {
  return {
    deviceId,
    fixTime: p.fixTime,
    serverTime,
    valid: p.valid ? 1 : 0,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude ?? null,
    speed: p.speedKmh,
    course: p.course,
    lbsMode: p.lbsMode,
    satellites: p.satellites ?? null,
    battery: p.batteryPercent ?? null,
    acc: flag(p.acc),
    mileage,
    reupload: p.reupload ? 1 : 0,
    attributes: attributesOf(p),
  };
}
