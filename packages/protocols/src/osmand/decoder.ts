import { bytesText } from '../common/bytes.js';
import { DecodeError, type DecodeResult, type DecodedMessage, type Position } from '../types.js';

const KNOTS_TO_KMH = 1.852;
const MS_TO_KMH = 3.6;

const number = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** Seconds, milliseconds or an ISO / `yyyy-MM-dd HH:mm:ss` (UTC) text. */
function parseTime(value: string | undefined, now: number): number {
  if (!value) return now;
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    return n > 1e12 ? n : n * 1000;
  }
  const time = Date.parse(
    /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`,
  );
  if (Number.isNaN(time)) throw new DecodeError(`bad timestamp ${value}`);
  return time;
}

function checkCoordinates(
  latitude: number | undefined,
  longitude: number | undefined,
): [number, number] {
  if (latitude === undefined || longitude === undefined)
    throw new DecodeError('lat and lon are required');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('lat/lon out of range');
  return [latitude, longitude];
}

/** The OsmAnd / Traccar Client query: `/?id=…&timestamp=…&lat=…&lon=…&speed=<knots>&…`. */
function decodeQuery(query: URLSearchParams, now: number): DecodedMessage[] {
  const deviceId = query.get('id') ?? query.get('deviceid');
  if (!deviceId) throw new DecodeError('id is missing');
  const [latText, lonText] = query.get('location')?.split(',') ?? [
    query.get('lat'),
    query.get('lon'),
  ];
  const [latitude, longitude] = checkCoordinates(number(latText), number(lonText));
  const battery = number(query.get('batt'));
  const charge = query.get('charge');
  const position: Position = {
    fixTime: parseTime(query.get('timestamp') ?? undefined, now),
    valid: query.get('valid') !== 'false' && query.get('valid') !== '0',
    latitude,
    longitude,
    speedKmh: (number(query.get('speed')) ?? 0) * KNOTS_TO_KMH,
    course: number(query.get('bearing') ?? query.get('heading')) ?? 0,
    lbsMode: 'gps',
    ...(number(query.get('altitude')) !== undefined
      ? { altitude: number(query.get('altitude'))! }
      : {}),
    ...(battery !== undefined ? { batteryPercent: battery } : {}),
    ...(charge !== null ? { charging: charge === 'true' || charge === '1' } : {}),
    ...(query.get('alarm') === 'sos' ? { alarms: ['sos' as const] } : {}),
  };
  return [
    { type: 'login', deviceId },
    { type: 'position', position },
  ];
}

interface ClientJson {
  device_id?: string;
  location?: {
    timestamp?: string;
    coords?: {
      latitude?: number;
      longitude?: number;
      speed?: number;
      heading?: number;
      altitude?: number;
    };
    battery?: { level?: number; is_charging?: boolean };
    odometer?: number;
  };
}

/** The Traccar Client JSON body (speed in m/s, battery level 0-1, odometer in metres). */
function decodeJson(body: ClientJson, now: number): DecodedMessage[] {
  const deviceId = body.device_id;
  if (!deviceId || !body.location) throw new DecodeError('device_id and location are required');
  const { coords = {}, battery, odometer, timestamp } = body.location;
  const [latitude, longitude] = checkCoordinates(coords.latitude, coords.longitude);
  const position: Position = {
    fixTime: parseTime(timestamp, now),
    valid: true,
    latitude,
    longitude,
    speedKmh: Math.max(0, coords.speed ?? 0) * MS_TO_KMH,
    course: Math.max(0, coords.heading ?? 0),
    lbsMode: 'gps',
    ...(coords.altitude !== undefined ? { altitude: coords.altitude } : {}),
    ...(battery?.level !== undefined && battery.level >= 0
      ? { batteryPercent: Math.round(battery.level * 100) }
      : {}),
    ...(battery?.is_charging !== undefined ? { charging: battery.is_charging } : {}),
    ...(odometer !== undefined ? { mileageKm: odometer / 1000 } : {}),
  };
  return [
    { type: 'login', deviceId },
    { type: 'position', position },
  ];
}

/**
 * One OsmAnd payload: the request target with its query string, or the JSON body. The HTTP
 * answer (200 after the position is stored) is the gateway's, so there is no ack here.
 */
export function decodeOsmAnd(frame: Uint8Array, now = Date.now()): DecodeResult {
  const text = bytesText(frame).trim();
  if (text.startsWith('{')) {
    let body: ClientJson;
    try {
      body = JSON.parse(text) as ClientJson;
    } catch {
      throw new DecodeError('the body is not JSON');
    }
    return { messages: decodeJson(body, now) };
  }
  const queryStart = text.indexOf('?');
  if (queryStart < 0) throw new DecodeError('no query string');
  return { messages: decodeQuery(new URLSearchParams(text.slice(queryStart + 1)), now) };
}
