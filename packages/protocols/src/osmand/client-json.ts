import { DecodeError, type DeviceStatus } from '../types.js';
import { deviceIdOf, fieldsReport, type Fields } from './fields.js';
import type { Report } from './report.js';
import {
  alarmsOf,
  booleanOf,
  coordinateOf,
  coordinatesOf,
  courseOf,
  numberOf,
  odometerKmOf,
  timeOf,
} from './values.js';

const MS_TO_KMH = 3.6;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const objectOf = (value: unknown): JsonObject => (isObject(value) ? value : {});

const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value).trim() || undefined
    : undefined;

/** A flat object's scalar members as fields (`{"id":"1","lat":1.5}` reads like `id=1&lat=1.5`). */
function flatFields(item: JsonObject): Fields {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(item)) {
    if (value !== null && typeof value !== 'object') fields.append(name, String(value));
  }
  return fields;
}

/**
 * One location of the Traccar Client 9.x body (the background-geolocation SDK's): speed in m/s,
 * heading and speed -1 when unknown, battery level 0-1 (-1 unknown), odometer in metres.
 */
function locationReport(location: JsonObject, now: number): Report {
  const coords = objectOf(location.coords);
  const battery = objectOf(location.battery);
  const coordinates = coordinatesOf(
    coordinateOf('latitude', coords.latitude),
    coordinateOf('longitude', coords.longitude),
  );
  const altitude = numberOf(coords.altitude);
  const level = numberOf(battery.level);
  const charging = booleanOf(battery.is_charging);
  const mileageKm = odometerKmOf(numberOf(location.odometer));
  const status: DeviceStatus = {
    ...(level !== undefined && level >= 0 && level <= 1
      ? { batteryPercent: Math.round(level * 100) }
      : {}),
    ...(charging !== undefined ? { charging } : {}),
    ...(mileageKm !== undefined ? { mileageKm } : {}),
  };
  return {
    fixTime: timeOf(location.timestamp, now),
    ...(coordinates ? { coordinates } : {}),
    valid: true,
    speedKmh: Math.max(0, numberOf(coords.speed) ?? 0) * MS_TO_KMH,
    course: courseOf(numberOf(coords.heading)),
    ...(altitude !== undefined ? { altitude } : {}),
    status,
    alarms: alarmsOf(location.alarm ?? objectOf(location.extras).alarm),
    cells: [],
    wifi: [],
  };
}

/** The id the Traccar Client template repeats in its `_` member (`&id=…&lat=…&`). */
const templateId = (location: JsonObject): string | undefined =>
  typeof location._ === 'string' ? deviceIdOf(new URLSearchParams(location._)) : undefined;

interface JsonReports {
  deviceId: string | undefined;
  reports: Report[];
}

/** One member of the body: a `{location, device_id}` wrapper, a bare location, or flat fields. */
function itemReports(item: unknown, now: number): JsonReports {
  if (!isObject(item)) throw new DecodeError('a JSON member is not an object');
  if ('location' in item || 'coords' in item) {
    const locations = 'location' in item ? item.location : item;
    const list = (Array.isArray(locations) ? locations : [locations]).map(objectOf);
    return {
      deviceId: idText(item.device_id) ?? idText(item.id) ?? list.map(templateId).find(Boolean),
      reports: list.map((location) => locationReport(location, now)),
    };
  }
  const fields = flatFields(item);
  return { deviceId: deviceIdOf(fields), reports: [fieldsReport(fields, now)] };
}

/**
 * A JSON body: Traccar Client 9.x (`{"location":{…},"device_id":…}`, `location` an array when
 * batched), or the Traccar Client SDK's array of flat reports (`[{"id":…,"lat":…,"lon":…}]`,
 * OsmAnd's field names and units).
 */
export function jsonReports(body: unknown, now: number): JsonReports {
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0) throw new DecodeError('an empty JSON array');
  const parts = items.map((item) => itemReports(item, now));
  return {
    deviceId: parts.find((part) => part.deviceId)?.deviceId,
    reports: parts.flatMap((part) => part.reports),
  };
}
