/**
 * The H02 position report, the body of `V1` and its siblings (`V2`, `V5`, `V6`, `V19`, `VI1`…),
 * of a `V4` reply's tail and of `VP1`:
 *
 *   hhmmss, A|V|B|<digits>, lat, N|S, lon, E|W, speed (knots), course[, battery], DDMMYY
 *   [, status (8 hex)[, vendor fields…]]   or   [, <3 SIM fields (IP, ICCID…)>, status]
 *
 * Coordinates come as `DDMM.MMMM` (0-3 degree digits: `38.6508,W` is 0°38.6508' W), `-DD-M.MMMM`, packed `DDMMmmmm` (no
 * point) or decimal degrees (`DD.dddddd`, told apart by a latitude of at most two digits before
 * the point, which no minutes form can have). A report without coordinates (empty fields, or
 * `0.0000,0` hemispheres) gives no position; one without a date or time gets the server's
 * receive time (as Traccar does), and keeps the validity the device gave.
 */
import type { Position } from '../types.js';
import { DecodeError } from '../types.js';
import {
  KNOT_KMH,
  batteryPercent,
  isHex,
  isSixDigits,
  numberField,
  numberOrZero,
  statusWord,
  utcOrUndefined,
} from './fields.js';
import { decodeStatusWord } from './status.js';

const MINUTES = /^(\d*)(\d\d\.\d+)$/;
const DASHED = /^-(\d+)-(\d+\.\d+)$/;
const PACKED = /^(\d+)(\d\d)(\d{4})$/;
const DECIMAL = /^\d{1,3}\.\d+$/;
const DECIMAL_LATITUDE = /^\d{1,2}\.\d+$/;
const DIGITS = /^\d+$/;

export interface Report {
  position: Position | null;
  /** The status word, when the report carries one. */
  status: number | undefined;
}

function degrees(text: string, decimal: boolean): number {
  if (decimal) {
    if (!DECIMAL.test(text)) throw new DecodeError(`h02: bad coordinate '${text}'`);
    return Number(text);
  }
  const m = MINUTES.exec(text) ?? DASHED.exec(text);
  let whole: number;
  let minutes: number;
  if (m) [whole, minutes] = [Number(m[1]), Number(m[2])];
  else {
    const packed = PACKED.exec(text);
    if (!packed) throw new DecodeError(`h02: bad coordinate '${text}'`);
    [whole, minutes] = [Number(packed[1]), Number(`${packed[2]}.${packed[3]}`)];
  }
  if (minutes >= 60) throw new DecodeError(`h02: bad coordinate '${text}'`);
  return whole + minutes / 60;
}

function signed(value: number, hemisphere: string, positive: string, negative: string): number {
  const h = hemisphere.toUpperCase();
  if (h === positive) return value;
  // `0 - value`: a zero coordinate stays +0.
  if (h === negative) return 0 - value;
  throw new DecodeError(`h02: bad hemisphere '${hemisphere}'`);
}

/** True for a fix, false for none; throws for a validity field no device sends. */
function validity(text: string): boolean {
  if (text === 'A' || text === 'B') return true;
  if (text === 'V' || text === '') return false;
  // V2 / VI1 put a coding-scheme number here; Traccar takes those reports as fixes.
  if (DIGITS.test(text)) return true;
  throw new DecodeError(`h02: bad validity '${text}'`);
}

/** Where the date is: after the course, or after an extra battery field. */
function dateIndex(fields: string[]): number {
  const at8 = fields[8]?.trim();
  if (at8 === undefined || at8 === '' || isSixDigits(at8)) return 8;
  const at9 = fields[9]?.trim();
  if (at9 === '' || isSixDigits(at9)) return 9;
  throw new DecodeError(`h02: bad date '${at8}'`);
}

/** The status word after the date, or after three SIM fields (V19: `,,IP,ICCID,status`). */
function statusAfter(fields: string[], dateAt: number): number | undefined {
  const next = fields[dateAt + 1];
  if (next === undefined) return undefined;
  const word = statusWord(next);
  if (word !== undefined) return word;
  const afterSim = statusWord(fields[dateAt + 4]);
  if (afterSim !== undefined) return afterSim;
  // Another length of hex, or an empty field: no status bits we can read, nothing ambiguous.
  if (next === '' || isHex(next)) return undefined;
  throw new DecodeError(`h02: bad status word '${next}'`);
}

function coordinates([lat = '', ns = '', lon = '', ew = '']: string[]): {
  latitude: number;
  longitude: number;
} | null {
  if (lat === '' || lon === '') return null;
  const decimal = DECIMAL_LATITUDE.test(lat);
  const [latMagnitude, lonMagnitude] = [degrees(lat, decimal), degrees(lon, decimal)];
  // `0.0000,0,0.0000,0` (TRC frame): a device with no fix yet, not a place.
  if (latMagnitude === 0 && lonMagnitude === 0 && !/^[NSns]$/.test(ns)) return null;
  const latitude = signed(latMagnitude, ns, 'N', 'S');
  const longitude = signed(lonMagnitude, ew, 'E', 'W');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('h02: coordinates out of range');
  return { latitude, longitude };
}

/** Reads the report fields (starting at the time); `now` gives the receive time when needed. */
export function parseReport(fields: string[], now: () => number): Report {
  if (fields.length < 8) throw new DecodeError('h02: short report');
  const [time = '', valid = '', , , , , speed, course] = fields;
  const fix = validity(valid);
  const dateAt = dateIndex(fields);
  const status = statusAfter(fields, dateAt);
  const place = coordinates(fields.slice(2, 6));
  if (!place) return { position: null, status };
  // A vendor pads the date with a space (`, 220902`, HuaSunTek document).
  const date = fields[dateAt]?.trim() ?? '';
  const stamped = date !== '' && date !== '000000' && time !== '';
  const fixTime = stamped ? utcOrUndefined(date, time) : now();
  if (fixTime === undefined) throw new DecodeError(`h02: bad date/time '${date}' '${time}'`);
  const position: Position = {
    fixTime,
    valid: fix,
    ...place,
    speedKmh: numberOrZero(speed, 'speed') * KNOT_KMH,
    course: numberOrZero(course, 'course'),
    lbsMode: 'gps',
  };
  const battery = dateAt === 9 ? batteryPercent(numberField(fields[8], 'battery')) : undefined;
  if (battery !== undefined) position.batteryPercent = battery;
  if (status !== undefined) {
    const { alarms, acc } = decodeStatusWord(status);
    position.acc = acc;
    if (alarms.length > 0) position.alarms = alarms;
  }
  return { position, status };
}
