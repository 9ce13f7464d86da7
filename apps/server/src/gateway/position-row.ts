import type { Position } from '@xunji/protocols';
import type { NewPosition } from '../db/schema.js';

const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/** A decoded position as its row; facts without a column go to the JSON attributes. */
export function toPositionRow(deviceId: number, p: Position, serverTime: number): NewPosition {
  const extra = {
    cells: p.cells,
    wifi: p.wifi,
    alarms: p.alarms,
    voltage: p.voltage,
    signal: p.signal,
    charging: p.charging,
    cut: p.cut,
    armed: p.armed,
    steps: p.steps,
  };
  const present = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
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
    mileage: p.mileageKm ?? null,
    reupload: p.reupload ? 1 : 0,
    attributes: Object.keys(present).length > 0 ? JSON.stringify(present) : null,
  };
}
