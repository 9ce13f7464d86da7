import {
  activationStateOf,
  compassDirection,
  deviceStateLabel,
  deviceStateOf,
  FILTER_FIELDS,
  inChina,
  MOTION_FRESH_MS,
  motionOf,
  wgs84ToGcj02,
  type ServicePeriod,
  type Terminal,
  type TerminalFilter,
} from '@xunji/shared';
import type { TerminalRow } from '../repositories/terminal.repository.js';
import type { ResolvedModel } from './model-catalogue.js';

export function servicePeriodOf(row: TerminalRow): ServicePeriod | null {
  if (row.startingTime === null || row.expirationTime === null) return null;
  return {
    startingTime: Number(row.startingTime),
    expirationTime: Number(row.expirationTime),
    isTrial: row.isTrial === 1,
  };
}

/** The service period ended: §8's 2303 on a terminal fetch. */
export const serviceExpired = (row: TerminalRow, now: number): boolean => {
  const period = servicePeriodOf(row);
  return period !== null && period.expirationTime < now;
};

/** Every filter shown unless the user turned it off. */
export function filterOf(json: string | null): TerminalFilter {
  const stored = json ? (JSON.parse(json) as Partial<TerminalFilter>) : {};
  return Object.fromEntries(
    FILTER_FIELDS.map((field) => [field, stored[field] ?? true]),
  ) as TerminalFilter;
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** The §3 Terminal the app shows, from one list row. */
export function toTerminal(
  row: TerminalRow,
  model: ResolvedModel,
  address: string | null,
  now: number,
): Terminal {
  const deviceState = deviceStateOf(row.status);
  const locateTime = num(row.locateTime);
  const fresh = locateTime !== null && now - locateTime <= MOTION_FRESH_MS;
  const motion = motionOf(row.speed, deviceState === 1 && fresh);
  const hasFix = row.latitude !== null && row.longitude !== null;
  const wgs = hasFix ? { latitude: row.latitude!, longitude: row.longitude! } : null;
  const shown = wgs && inChina(wgs) ? wgs84ToGcj02(wgs) : wgs;
  const vipState = servicePeriodOf(row);
  const userState = row.isOwner === null ? null : row.isOwner === 1 ? 1 : 2;
  return {
    id: row.id,
    terminalNo: row.terminalNo,
    terminalName: row.name ?? row.terminalNo,
    iconType: row.iconType ?? model.iconType,
    iccid: row.iccid,
    simNo: row.simNo,
    model: row.model,
    protocol: row.protocol,
    enterpriseId: row.enterpriseId,
    isOwner: row.isOwner === 1,
    vipState,
    userState,
    activationState: activationStateOf(vipState, userState),
    deviceState,
    status: deviceStateLabel(deviceState, motion, 'map'),
    motion,
    direction: row.course,
    dir: compassDirection(row.course),
    TextLocation: address,
    lonWGS84: wgs?.longitude ?? null,
    latWGS84: wgs?.latitude ?? null,
    lon: shown?.longitude ?? null,
    lat: shown?.latitude ?? null,
    locateTime,
    lbsInfo: {
      lon: wgs?.longitude ?? null,
      lat: wgs?.latitude ?? null,
      battery: row.battery,
      gnssCount: row.satellites,
      wlSignal: row.signal,
      direction: row.course,
      batteryState: row.charging,
      lbsMode: row.lbsMode,
      speed: row.speed,
      acc: row.acc,
      voltage: row.voltage,
      motion,
      mileage: row.mileage,
      lastAlive: num(row.lastAlive),
      locateTime,
    },
    terminalTypeInfo: {
      id: model.id,
      name: model.name,
      category: model.category,
      family: model.family,
      terminalTypeExtend: model.terminalTypeExtend,
    },
    filter: filterOf(row.filter),
  };
}
