import { DecodeError, type AlarmType, type Position } from '../types.js';
import { readItems } from './items.js';
import { ByteReader } from './reader.js';

/** JT/T 808 times are BCD YYMMDDhhmmss in GMT+8. */
const GMT8_MS = 8 * 3600 * 1000;

/** Bytes of a 0x0200 body before the additional-info items. */
export const LOCATION_BASE_BYTES = 28;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const daysIn = (year: number, month: number): number =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
    ? 29
    : DAYS_IN_MONTH[month - 1]!;

function bcdByte(byte: number): number {
  const high = byte >> 4;
  const low = byte & 0x0f;
  if (high > 9 || low > 9) throw new DecodeError('jt808: time is not BCD');
  return high * 10 + low;
}

/** BCD[6] YYMMDDhhmmss (GMT+8) → epoch ms UTC; DecodeError for non-BCD or impossible dates. */
export function bcdTimeToUtc(bcd: Uint8Array): number {
  if (bcd.length < 6) throw new DecodeError('jt808: time shorter than BCD[6]');
  const year = 2000 + bcdByte(bcd[0]!);
  const month = bcdByte(bcd[1]!);
  const day = bcdByte(bcd[2]!);
  const hour = bcdByte(bcd[3]!);
  const minute = bcdByte(bcd[4]!);
  const second = bcdByte(bcd[5]!);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new DecodeError('jt808: impossible time');
  }
  return Date.UTC(year, month - 1, day, hour, minute, second) - GMT8_MS;
}

/** Bit `index` of a DWORD (0 the lowest). */
const bit = (flags: number, index: number): boolean => ((flags >>> index) & 1) === 1;

/**
 * Alarm flags (DWORD) → AlarmType. Standard bits: 0 SOS, 1 overspeed, 2 fatigue
 * driving, 7 main-power under-voltage,
 * 8 main-power cut, 20 in/out area (direction from item 0x12 when present), 28 illegal
 * displacement. Vendor bits as Traccar reads them: 15 vibration, 16/17 tampering. Every other set
 * bit is reported once as 'other'.
 */
export function alarmTypes(flags: number, areaDirection?: number): AlarmType[] {
  const alarms = new Set<AlarmType>();
  // Only up to the highest set bit: most frames carry no alarm at all.
  for (let index = 0, rest = flags >>> 0; rest !== 0; index++, rest >>>= 1) {
    if ((rest & 1) === 0) continue;
    switch (index) {
      case 0:
        alarms.add('sos');
        break;
      case 1:
        alarms.add('overspeed');
        break;
      case 2:
        alarms.add('fatigue');
        break;
      case 7:
        alarms.add('lowBattery');
        break;
      case 8:
        alarms.add('powerCut');
        break;
      case 15:
        alarms.add('vibration');
        break;
      case 16:
      case 17:
        alarms.add('tearOff');
        break;
      case 20:
        if (areaDirection === 0) alarms.add('geofenceEnter');
        else if (areaDirection === 1) alarms.add('geofenceExit');
        else alarms.add('other');
        break;
      case 28:
        alarms.add('displacement');
        break;
      default:
        alarms.add('other');
    }
  }
  return [...alarms];
}

/**
 * A tail of exactly 18 bytes that is not a run of items: some firmwares (Traccar's decoder names
 * none) send battery and mileage WORDs, odometer DWORD (km), battery WORD (1/10 V), area DWORD,
 * signal BYTE and 3 reserved bytes instead.
 */
const FIXED_TAIL_BYTES = 18;

function itemsFit(body: Uint8Array, at: number): boolean {
  while (at + 2 <= body.length) at += 2 + body[at + 1]!;
  return at === body.length;
}

function readFixedTail(position: Position, body: Uint8Array, at: number): void {
  const reader = new ByteReader(body, at + 4);
  position.mileageKm = reader.u32();
  position.voltage = reader.u16() / 10;
}

/** A fix from the status flags (sign, validity, ACC, circuit cut, vendor bit 26 charging). */
function fixFromStatus(
  status: number,
  latitude: number,
  longitude: number,
  fixTime: number,
  speedKmh: number,
  course: number,
): Position {
  const position: Position = {
    fixTime,
    valid: bit(status, 1),
    latitude: bit(status, 2) ? -latitude : latitude,
    longitude: bit(status, 3) ? -longitude : longitude,
    speedKmh,
    course,
    lbsMode: 'gps',
    acc: bit(status, 0),
    cut: bit(status, 10) || bit(status, 11),
  };
  if (bit(status, 26)) position.charging = true;
  return position;
}

/** The 0x0200 layout after the alarm flags: status … time (24 bytes) → Position. */
export function readFix(reader: ByteReader): Position {
  const status = reader.u32();
  const latitude = reader.u32() / 1e6;
  const longitude = reader.u32() / 1e6;
  const altitudeRaw = reader.u16();
  const speed = reader.u16();
  const course = reader.u16();
  const fixTime = bcdTimeToUtc(reader.take(6));
  const position = fixFromStatus(status, latitude, longitude, fixTime, speed / 10, course);
  position.altitude = altitudeRaw >= 0x8000 ? altitudeRaw - 0x10000 : altitudeRaw;
  return position;
}

/** Status, latitude and longitude DWORDs only (vendor messages that carry no speed): a fix at `fixTime`. */
export function readCoordinates(reader: ByteReader, fixTime: number): Position {
  const status = reader.u32();
  const latitude = reader.u32() / 1e6;
  return fixFromStatus(status, latitude, reader.u32() / 1e6, fixTime, 0, 0);
}

/**
 * A 0x0200 location body (also the tail of 0x0201/0x0500 and each 0x0704 item) → Position.
 * DecodeError when shorter than the 28 fixed bytes or with a bad time. Additional items that run
 * past the end are ignored (vendors get them wrong); the fixed fields are kept.
 */
export function parseLocation(body: Uint8Array): Position {
  const reader = new ByteReader(body);
  if (body.length < LOCATION_BASE_BYTES) {
    throw new DecodeError(`jt808: location body of ${body.length} bytes, need 28`);
  }
  const alarmFlags = reader.u32();
  const position = readFix(reader);
  let areaDirection: number | undefined;
  if (
    body.length === LOCATION_BASE_BYTES + FIXED_TAIL_BYTES &&
    !itemsFit(body, LOCATION_BASE_BYTES)
  ) {
    readFixedTail(position, body, LOCATION_BASE_BYTES);
  } else {
    areaDirection = readItems(position, body, LOCATION_BASE_BYTES);
  }
  // Most frames raise nothing: their position keeps only the vendor items' alarms, if any.
  if (alarmFlags === 0) return position;
  const alarms = alarmTypes(alarmFlags, areaDirection);
  if (position.alarms) {
    // Alarms from vendor items come after those of the alarm flags.
    for (const alarm of position.alarms) if (!alarms.includes(alarm)) alarms.push(alarm);
  }
  if (alarms.length > 0) position.alarms = alarms;
  return position;
}
