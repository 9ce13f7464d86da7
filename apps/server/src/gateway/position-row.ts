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

function attributesOf(p: Position, implausibleJump: boolean): string | null {
  let present: Record<string, unknown> | undefined;
  for (const key of ATTRIBUTE_KEYS) {
    if (p[key] !== undefined) (present ??= {})[key] = p[key];
  }
  if (implausibleJump) (present ??= {}).implausibleJump = true;
  return present ? JSON.stringify(present) : null;
}

/**
 * A decoded position as its row; `mileage` is the device's odometer or the computed one (km);
 * `implausibleJump` flags a fix the pipeline found impossibly far from the one before.
 */
export function toPositionRow(
  deviceId: number,
  p: Position,
  serverTime: number,
  mileage: number | null,
  implausibleJump = false,
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
    attributes: attributesOf(p, implausibleJump),
  };
}
