/** Field parsers shared by the H02 text and binary decoders. */
import { DecodeError } from '../types.js';

/** Speeds are knots on the wire (text and binary). */
export const KNOT_KMH = 1.852;

const SIX_DIGITS = /^\d{6}$/;
const HEX = /^[0-9a-fA-F]{1,16}$/;
const EIGHT_HEX = /^[0-9a-fA-F]{8}$/;

export const isSixDigits = (text: string | undefined): text is string =>
  text !== undefined && SIX_DIGITS.test(text);

const two = (text: string, at: number) => Number(text.slice(at, at + 2));

/**
 * `DDMMYY` + `hhmmss` (digits) → epoch ms UTC, or undefined when out of range. Seconds 60-99
 * roll over into the next minute: a firmware writes `160169` for 16:02:09 (TRC NBR frame).
 */
export function utcOrUndefined(ddmmyy: string, hhmmss: string): number | undefined {
  if (!SIX_DIGITS.test(ddmmyy) || !SIX_DIGITS.test(hhmmss)) return undefined;
  const [day, month, year] = [two(ddmmyy, 0), two(ddmmyy, 2), two(ddmmyy, 4)];
  const [hour, minute, second] = [two(hhmmss, 0), two(hhmmss, 2), two(hhmmss, 4)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  return Date.UTC(2000 + year, month - 1, day, hour, minute, second);
}

export function utc(ddmmyy: string, hhmmss: string): number {
  const time = utcOrUndefined(ddmmyy, hhmmss);
  if (time === undefined) throw new DecodeError(`h02: bad date/time '${ddmmyy}' '${hhmmss}'`);
  return time;
}

/** A decimal field; spaces around it are padding (`  3.34`, TRC frame). */
export function numberField(text: string | undefined, name: string): number {
  const trimmed = text?.trim() ?? '';
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value))
    throw new DecodeError(`h02: bad ${name} '${text}'`);
  return value;
}

/** A decimal field the device may leave empty (course, speed): empty reads as 0. */
export const numberOrZero = (text: string | undefined, name: string): number =>
  text === undefined || text.trim() === '' ? 0 : numberField(text, name);

export const isHex = (text: string | undefined): text is string =>
  text !== undefined && HEX.test(text);

/** The 32-bit status word, when the field is one (8 hex digits). */
export const statusWord = (text: string | undefined): number | undefined =>
  text !== undefined && EIGHT_HEX.test(text) ? parseInt(text, 16) : undefined;

/**
 * Battery as the binary report's byte (and some text reports' field) gives it: 1-6 a level
 * (1-3 → 0/10/20 %, 4-6 → 60/80/100 %), 7-100 a percentage, 0xF1-0xF6 the same levels; 0 and
 * anything else: not reported (TRC `decodeBattery`, which keeps 0xF1-0xF6 as 1-6 %).
 */
export function batteryPercent(value: number): number | undefined {
  if (!Number.isInteger(value) || value <= 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return batteryPercent(value - 0xf0);
  return undefined;
}
