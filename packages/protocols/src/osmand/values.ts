import { DecodeError, type AlarmType } from '../types.js';

/** Seconds below this, milliseconds from it (Traccar's rule: 2^31 seconds is the year 2038). */
const SECONDS_LIMIT = 2 ** 31 - 1;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;
const ZONED = /(?:[zZ]|[+-]\d\d(?::?\d\d)?)$/;
const ZONE_WITHOUT_COLON = /([+-]\d\d)(\d\d)$/;

/**
 * A number from a field as senders write it: empty or absent is undefined, a lone decimal comma
 * (a phone's locale) is read as a point, anything else that is not a number is undefined.
 */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  const n = Number(text.includes(',') && !text.includes('.') ? text.replace(',', '.') : text);
  return Number.isFinite(n) ? n : undefined;
}

/** `true`/`1`/`on`/`yes` (any case) or a JSON boolean; undefined when the field says neither. */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return undefined;
  switch (value.trim().toLowerCase()) {
    case 'true':
    case '1':
    case 'on':
    case 'yes':
      return true;
    case 'false':
    case '0':
    case 'off':
    case 'no':
      return false;
    default:
      return undefined;
  }
}

/**
 * Epoch seconds or milliseconds (number or digits), ISO 8601, or `yyyy-MM-dd HH:mm:ss[.SSS]`;
 * a text without a zone is UTC. Absent: the time it was received.
 */
export function timeOf(value: unknown, now: number): number {
  if (value === undefined || value === null || value === '') return now;
  if (typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value))) {
    const n = Number(value);
    return Math.round(n < SECONDS_LIMIT ? n * 1000 : n);
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const iso = text.replace(' ', 'T').replace(ZONE_WITHOUT_COLON, '$1:$2');
  const time = Date.parse(ZONED.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(time)) throw new DecodeError(`timestamp ${String(value)} is not a time`);
  return time;
}

/** A coordinate field: absent is undefined, present but not a number is malformed. */
export function coordinateOf(name: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = numberOf(value);
  if (n === undefined) throw new DecodeError(`${name} ${String(value)} is not a number`);
  return n;
}

/** Both coordinates or neither; in range. */
export function coordinatesOf(
  latitude: number | undefined,
  longitude: number | undefined,
): { latitude: number; longitude: number } | undefined {
  if (latitude === undefined && longitude === undefined) return undefined;
  if (latitude === undefined || longitude === undefined)
    throw new DecodeError('a latitude without a longitude (or the reverse)');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError(`${latitude},${longitude} is out of range`);
  return { latitude, longitude };
}

/** Percent, or a 0-1 fraction (a level below 1 with decimals); undefined when unknown (< 0). */
export function batteryPercentOf(level: number | undefined): number | undefined {
  if (level === undefined || level < 0) return undefined;
  const percent = level > 0 && level < 1 ? level * 100 : level;
  return percent > 100 ? undefined : Math.round(percent);
}

/** Traccar's alarm names (lower-cased) as ours. */
const ALARMS = new Map<string, AlarmType>([
  ['sos', 'sos'],
  ['panic', 'sos'],
  ['lowbattery', 'lowBattery'],
  ['lowpower', 'lowBattery'],
  ['powercut', 'powerCut'],
  ['poweroff', 'powerOff'],
  ['vibration', 'vibration'],
  ['tampering', 'tearOff'],
  ['removing', 'tearOff'],
  ['fall', 'fall'],
  ['falldown', 'fall'],
  ['overspeed', 'overspeed'],
  ['fatiguedriving', 'fatigue'],
  ['geofenceenter', 'geofenceEnter'],
  ['geofenceexit', 'geofenceExit'],
  ['movement', 'displacement'],
]);

/** `alarm=sos`, or several joined by commas as Traccar writes them; an unknown name is `other`. */
export function alarmsOf(value: unknown): AlarmType[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  const alarms = new Set<AlarmType>();
  for (const name of value.split(',')) {
    const key = name.trim().toLowerCase();
    if (key) alarms.add(ALARMS.get(key) ?? 'other');
  }
  return [...alarms];
}

/** A course in [0, 360); the -1 phones send for an unknown heading is 0. */
export const courseOf = (value: number | undefined): number =>
  value === undefined || value < 0 ? 0 : value % 360;

/** An odometer in metres (Traccar's unit) as km; 0 is a phone that does not count, not a reset. */
export const odometerKmOf = (metres: number | undefined): number | undefined =>
  metres !== undefined && metres > 0 ? metres / 1000 : undefined;
