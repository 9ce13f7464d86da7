import { DecodeError, type Cell, type DeviceStatus, type WifiAccessPoint } from '../types.js';
import type { Report } from './report.js';
import {
  alarmsOf,
  batteryPercentOf,
  booleanOf,
  coordinateOf,
  coordinatesOf,
  courseOf,
  numberOf,
  odometerKmOf,
  timeOf,
} from './values.js';

const KNOTS_TO_KMH = 1.852;
const MAC = /^[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}$/i;
const INTEGER = /^-?\d+$/;

/** Named text fields: a query string or form body (URLSearchParams), or a flat JSON object. */
export interface Fields {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** The first of `names` present and not empty. */
function first(fields: Fields, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = fields.get(name);
    if (value !== null && value !== '') return value;
  }
  return undefined;
}

/** The device's identifier as the OsmAnd senders name it. */
export const deviceIdOf = (fields: Fields): string | undefined =>
  first(fields, 'id', 'deviceid', 'device_id', 'imei')?.trim() || undefined;

/** `cell=mcc,mnc,lac,cellId[,rssi]`, once per cell. */
function cellsOf(fields: Fields): Cell[] {
  return fields.getAll('cell').map((text) => {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length < 4 || parts.length > 5 || !parts.every((part) => INTEGER.test(part)))
      throw new DecodeError(`cell ${text} is not mcc,mnc,lac,cellId[,rssi]`);
    const [mcc, mnc, lac, cellId, rssi] = parts.map(Number) as [
      number,
      number,
      number,
      number,
      number | undefined,
    ];
    return { mcc, mnc, lac, cellId, ...(rssi !== undefined ? { rssi } : {}) };
  });
}

/** `wifi=aa-bb-cc-dd-ee-ff,rssi`, once per access point. */
function wifiOf(fields: Fields): WifiAccessPoint[] {
  return fields.getAll('wifi').map((text) => {
    const [mac = '', rssi] = text.split(',').map((part) => part.trim());
    if (!MAC.test(mac)) throw new DecodeError(`wifi ${text} is not mac,rssi`);
    const level = numberOf(rssi);
    return {
      mac: mac.replaceAll('-', ':').toLowerCase(),
      ...(level !== undefined ? { rssi: level } : {}),
    };
  });
}

function statusOf(fields: Fields): DeviceStatus {
  const status: DeviceStatus = {};
  const battery = batteryPercentOf(numberOf(first(fields, 'batt', 'battery', 'batteryLevel')));
  if (battery !== undefined) status.batteryPercent = battery;
  const charging = booleanOf(first(fields, 'charge', 'charging', 'is_charging'));
  if (charging !== undefined) status.charging = charging;
  const acc = booleanOf(first(fields, 'ignition', 'acc'));
  if (acc !== undefined) status.acc = acc;
  const satellites = numberOf(first(fields, 'sat', 'satellites', 'sats'));
  if (satellites !== undefined) status.satellites = satellites;
  // Android reports the battery in millivolts.
  const odometer = odometerKmOf(numberOf(first(fields, 'odometer')));
  if (odometer !== undefined) status.mileageKm = odometer;
  const millivolts = numberOf(first(fields, 'battery_voltage'));
  if (millivolts !== undefined && millivolts > 0) status.voltage = millivolts / 1000;
  return status;
}

/**
 * A report from OsmAnd's fields (the OsmAnd app, Traccar Client's query and form, GPSLogger and
 * other custom URL senders): speed in knots (Traccar's rule), `location=lat,lon` or lat/lon.
 */
export function fieldsReport(fields: Fields, now: number): Report {
  const location = first(fields, 'location')?.split(',');
  const latitude = coordinateOf('lat', location?.[0] ?? first(fields, 'lat', 'latitude'));
  const longitude = coordinateOf('lon', location?.[1] ?? first(fields, 'lon', 'lng', 'longitude'));
  const altitude = numberOf(first(fields, 'altitude', 'alt'));
  const coordinates = coordinatesOf(latitude, longitude);
  return {
    fixTime: timeOf(first(fields, 'timestamp', 'time'), now),
    ...(coordinates ? { coordinates } : {}),
    valid: booleanOf(first(fields, 'valid')) !== false,
    speedKmh: Math.max(0, numberOf(first(fields, 'speed')) ?? 0) * KNOTS_TO_KMH,
    course: courseOf(numberOf(first(fields, 'bearing', 'heading', 'course', 'direction'))),
    ...(altitude !== undefined ? { altitude } : {}),
    status: statusOf(fields),
    alarms: alarmsOf(first(fields, 'alarm')),
    cells: cellsOf(fields),
    wifi: wifiOf(fields),
  };
}
