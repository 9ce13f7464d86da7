/**
 * The H02 binary report (TRC `H02ProtocolDecoder.decodeBinary`, frames in its test):
 *
 *   `$`, id BCD[5], hhmmss BCD[3], DDMMYY BCD[3], lat BCD[4] (DDMM.MMMM), battery[1],
 *   lon BCD 9 digits (DDDMM.MMMM) + flags nibble (bit1 valid, bit2 north, bit3 east),
 *   speed 3 BCD digits (knots) + course 3 BCD digits, status[4], then vendor bytes
 *
 * 32 bytes in all for most devices; longer variants add vendor bytes after the status (45, 46,
 * 47, 48 bytes: signal, cells, voltage), which are not read. The long-id variant (42 bytes) has
 * an 8-byte id (IMEI + a pad digit) instead of 5: it is told apart by where a valid date/time
 * sits. An `X` frame has the same layout after an id that is not the device's (it differs from
 * the id of the `$` frames around it, TRC frame decoder test): its position goes to the session's
 * device.
 */
import type { DecodedMessage, Position } from '../types.js';
import { DecodeError } from '../types.js';
import { KNOT_KMH, batteryPercent, utcOrUndefined } from './fields.js';
import { decodeStatusWord } from './status.js';

/** The shortest binary report, bytes. */
export const H02_BINARY_MIN = 32;
const SHORT_ID = 5;
const LONG_ID = 8;
const X = 0x58;

/** BCD digits of bytes [from, to), or undefined when a nibble is not a digit. */
function bcd(frame: Uint8Array, from: number, to: number): string | undefined {
  let digits = '';
  for (let i = from; i < to; i++) {
    const byte = frame[i]!;
    if (byte >> 4 > 9 || (byte & 0x0f) > 9) return undefined;
    digits += `${byte >> 4}${byte & 0x0f}`;
  }
  return digits;
}

function fixTimeAt(frame: Uint8Array, at: number): number | undefined {
  const digits = bcd(frame, at, at + 6);
  return digits === undefined ? undefined : utcOrUndefined(digits.slice(6), digits.slice(0, 6));
}

function minutesToDegrees(digits: string, degreeDigits: number): number {
  const minutes = Number(digits.slice(degreeDigits)) / 10000;
  if (minutes >= 60) throw new DecodeError('h02: bad binary coordinate');
  return Number(digits.slice(0, degreeDigits)) + minutes / 60;
}

/** The report fields from `at` (the time) on. */
function positionAt(frame: Uint8Array, at: number, fixTime: number): Position {
  const lat = bcd(frame, at + 6, at + 10);
  // The longitude's last byte holds its ninth digit and the flags nibble.
  const lon = bcd(frame, at + 11, at + 15);
  const ninth = frame[at + 15]! >> 4;
  const speedCourse = bcd(frame, at + 16, at + 19);
  if (lat === undefined || lon === undefined || ninth > 9 || speedCourse === undefined)
    throw new DecodeError('h02: bad binary BCD');
  const flags = frame[at + 15]! & 0x0f;
  const latMagnitude = minutesToDegrees(lat, 2);
  const lonMagnitude = minutesToDegrees(`${lon}${ninth}`, 3);
  // `0 - x`: a device without a fix sends zeros, which stay +0.
  const latitude = (flags & 0x04) === 0 ? 0 - latMagnitude : latMagnitude;
  const longitude = (flags & 0x08) === 0 ? 0 - lonMagnitude : lonMagnitude;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('h02: coordinates out of range');
  const status = new DataView(frame.buffer, frame.byteOffset + at + 19, 4).getUint32(0);
  const { alarms, acc } = decodeStatusWord(status);
  const position: Position = {
    fixTime,
    valid: (flags & 0x02) !== 0,
    latitude,
    longitude,
    speedKmh: Number(speedCourse.slice(0, 3)) * KNOT_KMH,
    course: Number(speedCourse.slice(3)),
    lbsMode: 'gps',
    acc,
  };
  const battery = batteryPercent(frame[at + 10]!);
  if (battery !== undefined) position.batteryPercent = battery;
  if (alarms.length > 0) position.alarms = alarms;
  return position;
}

/** Decodes a `$` or `X` binary frame; the id is '' for an `X` frame. */
export function decodeBinary(frame: Uint8Array): { id: string; messages: DecodedMessage[] } {
  if (frame.length < H02_BINARY_MIN) throw new DecodeError('h02: short binary frame');
  let idBytes = SHORT_ID;
  let fixTime = fixTimeAt(frame, 1 + SHORT_ID);
  if (fixTime === undefined && frame.length >= H02_BINARY_MIN + LONG_ID - SHORT_ID) {
    idBytes = LONG_ID;
    fixTime = fixTimeAt(frame, 1 + LONG_ID);
  }
  const idDigits = bcd(frame, 1, 1 + idBytes);
  if (fixTime === undefined || idDigits === undefined)
    throw new DecodeError('h02: bad binary id or date/time');
  const position = positionAt(frame, 1 + idBytes, fixTime);
  const id = frame[0] === X ? '' : idBytes === LONG_ID ? idDigits.slice(0, 15) : idDigits;
  return { id, messages: [{ type: 'position', position }] };
}
