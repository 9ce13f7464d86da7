/**
 * Field readers shared by the GT06 message decoders (protocols.md §2.2.3–2.2.5): date-time, the
 * 18-byte GPS block, cells, and the terminal-information status block with its alarm byte.
 */
import type { AlarmType, Cell, DeviceStatus, Position } from '../types.js';
import { DecodeError } from '../types.js';
import { Reader } from './reader.js';

/** Size of the GPS block: time 6, GPS info 1, lat 4, lon 4, speed 1, course/status 2. */
export const GPS_BLOCK = 18;

/** Alarm byte of 0x16/0x26/0x27/0xA4 (VL03 table, protocols.md §2.2.5; Traccar `decodeAlarm`).
 * Unlisted non-zero codes (door, harsh driving, collision, power on…) map to 'other'. */
const ALARM_BYTE: Record<number, AlarmType | null> = {
  0x00: null,
  0x01: 'sos',
  0x02: 'powerCut',
  0x03: 'vibration',
  0x04: 'geofenceEnter',
  0x05: 'geofenceExit',
  0x06: 'overspeed',
  0x09: 'displacement', // tow / theft
  0x0e: 'lowBattery', // low external battery
  0x0f: 'lowBattery', // external low-voltage protection
  0x11: 'powerOff',
  0x13: 'tearOff', // tamper
  0x15: 'powerOff', // powered off on low battery
  0x16: 'sound',
  0x18: 'tearOff', // cover removed
  0x19: 'lowBattery', // low internal battery
  0x23: 'fall',
  0x25: 'tearOff', // tamper (Traccar)
  0xfe: null, // ACC on: a status change, not an alarm
  0xff: null, // ACC off
};

/** Terminal-info bits 5-3 (VL03 1-4; Traccar `decodeStatus` adds 6 geofence, 7 removing). */
const TERMINAL_ALARM: Record<number, AlarmType> = {
  1: 'vibration',
  2: 'powerCut',
  3: 'lowBattery',
  4: 'sos',
  5: 'other',
  6: 'other',
  7: 'tearOff',
};

export const alarmOfByte = (code: number): AlarmType | undefined => {
  const mapped = ALARM_BYTE[code];
  return mapped === undefined ? 'other' : (mapped ?? undefined);
};

/** The battery byte: a level 0-6 (linear to percent, as Traccar), else a percent up to 100. */
export const batteryPercent = (value: number): number | undefined =>
  value <= 6 ? Math.round((value * 100) / 6) : value <= 100 ? value : undefined;

/** GSM signal level 0-4, as 0-100. */
export const gsmToSignal = (gsm: number): number | undefined => (gsm <= 4 ? gsm * 25 : undefined);

interface TerminalInfo {
  status: DeviceStatus;
  alarm?: AlarmType;
}

/** The terminal-information byte: cut, charging, ACC, armed, and the alarm of bits 5-3. */
export function terminalInfo(info: number): TerminalInfo {
  const status: DeviceStatus = {
    cut: (info & 0x80) !== 0,
    charging: (info & 0x04) !== 0,
    acc: (info & 0x02) !== 0,
    armed: (info & 0x01) !== 0,
  };
  const alarm = TERMINAL_ALARM[(info >> 3) & 0x07];
  return alarm ? { status, alarm } : { status };
}

/** Terminal info, voltage level (or battery percent) and GSM level: the 3-byte status. */
export function readStatus(r: Reader): TerminalInfo {
  const info = terminalInfo(r.u8());
  const battery = batteryPercent(r.u8());
  if (battery !== undefined) info.status.batteryPercent = battery;
  const signal = gsmToSignal(r.u8());
  if (signal !== undefined) info.status.signal = signal;
  return info;
}

/** The 3-byte status, then the alarm byte and the language byte: the alarms of both. */
export function readStatusWithAlarm(r: Reader): { status: DeviceStatus; alarms: AlarmType[] } {
  const info = readStatus(r);
  const code = r.u8();
  r.skip(1); // language: 01 Chinese, 02 English, 00 no reply
  const alarms: AlarmType[] = [];
  const fromByte = alarmOfByte(code);
  if (fromByte) alarms.push(fromByte);
  if (info.alarm && !alarms.includes(info.alarm)) alarms.push(info.alarm);
  if (code === 0xfe || code === 0xff) info.status.acc = code === 0xfe;
  return { status: info.status, alarms };
}

/** YY MM DD hh mm ss (binary) → epoch ms, shifted from the device zone by `offsetMinutes`. */
export function readTime(r: Reader, offsetMinutes = 0): number {
  const [yy, mo, dd, hh, mi, ss] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59)
    throw new DecodeError(`gt06: bad date ${[yy, mo, dd, hh, mi, ss].join(',')}`);
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss) - offsetMinutes * 60_000;
}

/** True when the 6 date bytes at `offset` are all zero: a device without a clock yet. */
export function isZeroDate(bytes: Uint8Array, offset = 0): boolean {
  for (let k = offset; k < offset + 6; k++) if (bytes[k] !== 0) return false;
  return true;
}

/** True when the 6 date bytes at the reader are all zero. */
const zeroTimeAhead = (r: Reader): boolean => isZeroDate(r.peek(6));

/** The time of a cell report: all zero (no clock yet) stands for the moment it is received. */
export function readReportTime(r: Reader, now: () => number): number {
  if (!zeroTimeAhead(r)) return readTime(r);
  r.skip(6);
  return now();
}

/**
 * The course/status word: bits 9-0 course, 10 north, 11 west, 12 positioned, 13 differential;
 * a vendor variant adds bit 14 ACC valid and bit 15 ACC (Traccar `decodeGps`).
 */
export function applyCourseWord(position: Position, flags: number): void {
  // 0 - x, not -x: a zero coordinate stays 0, not -0.
  if ((flags & 0x0400) === 0) position.latitude = 0 - position.latitude;
  if ((flags & 0x0800) !== 0) position.longitude = 0 - position.longitude;
  position.valid = (flags & 0x1000) !== 0;
  position.course = flags & 0x03ff;
  if ((flags & 0x4000) !== 0) position.acc = (flags & 0x8000) !== 0;
}

/** Latitude and longitude as minutes x 30 000 (protocols.md §2.2.4), before the hemisphere bits. */
export function readCoordinates(r: Reader, fixTime: number): Position {
  const latitude = r.u32() / 1_800_000;
  const longitude = r.u32() / 1_800_000;
  return { fixTime, valid: false, latitude, longitude, speedKmh: 0, course: 0, lbsMode: 'gps' };
}

/** The 18-byte GPS block: time, GPS info, lat, lon, speed, course/status word. */
export function readGps(r: Reader, offsetMinutes = 0): Position {
  const fixTime = readTime(r, offsetMinutes);
  const satellites = r.u8() & 0x0f;
  const position = readCoordinates(r, fixTime);
  position.speedKmh = r.u8();
  applyCourseWord(position, r.u16());
  position.satellites = satellites;
  return position;
}

/**
 * One cell of `size` bytes: MCC (bit 15 = 2-byte MNC), MNC, then LAC and cell id whose widths
 * follow from what is left: 2+3 (GSM), 2+4 (Seeworld), 4+8 (4G, 0xA0/0xA4), 2+8. Undefined
 * for MCC 0 (no cell) or a size that fits no layout.
 */
export function readCellOfSize(r: Reader, size: number): Cell | undefined {
  const cell = new Reader(r.take(size));
  if (size < 8) return undefined;
  const mccWord = cell.u16();
  const mnc = mccWord & 0x8000 ? cell.u16() : cell.u8();
  const left = cell.remaining;
  const lacBytes = left >= 12 ? 4 : 2;
  const cidBytes = Math.min(left - lacBytes, 8);
  if (cidBytes < 3) return undefined;
  const lac = cell.uint(lacBytes);
  const cellId = cell.uint(cidBytes);
  const mcc = mccWord & 0x7fff;
  return mcc === 0 ? undefined : { mcc, mnc, lac, cellId };
}

/** MCC (bit 15 = 2-byte MNC), MNC, LAC (2 or 4 bytes), cell id (3 or 8 bytes). */
export function readCell(r: Reader, fourG: boolean): Cell | undefined {
  const mccWord = r.u16();
  const mnc = mccWord & 0x8000 ? r.u16() : r.u8();
  const lac = fourG ? r.u32() : r.u16();
  const cellId = fourG ? r.uint(8) : r.u24();
  const mcc = mccWord & 0x7fff;
  return mcc === 0 ? undefined : { mcc, mnc, lac, cellId };
}
