/**
 * GT06 / Concox decoder (protocols.md §2.2). One frame in (as cut by the framer), messages and the
 * reply bytes out.
 *
 * Decisions (see the report / doc references):
 * - CRC-16/X-25 is verified and a mismatch throws DecodeError (VL03: bad-CRC packets are discarded).
 *   Traccar does not check it (protocols.md §2), so a gateway can set
 *   `session.extra['gt06.ignoreCrc'] = true` for devices known to send wrong CRCs.
 * - `len` is trusted over vendor field tables (§2.2.9): optional trailing fields are read only when
 *   present and unknown trailing bytes are ignored.
 * - Time: 0x22/0x26/0x27/0xA0 are UTC. Classic 0x12/0x16 are in the device zone (§2.5 item 5):
 *   they are shifted by `session.extra['gt06.classicOffsetMinutes']` (default 0 = UTC), which the
 *   login packet sets from its time-zone word when the gateway has not set it already.
 * - Battery: the voltage level 0-6 maps linearly to percent, round(level * 100 / 6)
 *   (0, 17, 33, 50, 67, 83, 100), as Traccar does; a byte above 6 is not a level and is dropped.
 *   GSM signal 0-4 maps to level * 25.
 * - 0x28 (LBS) and 0x2C (LBS + Wi-Fi) carry no coordinates: they decode to a `networkFix` (cells
 *   and access points), never to a Position with invented coordinates.
 * - Command replies (0x15/0x21) have no success field; success is false only when the text says
 *   so (`common/refusal.ts`: "error", "fail", "invalid", a refusal such as a speed limit).
 */
import { bcdToString, bytesText, bytesToHex } from '../common/bytes.js';
import { resultOfText } from '../common/refusal.js';
import type {
  AlarmType,
  Cell,
  DecodeResult,
  DecodedMessage,
  DeviceStatus,
  Position,
  ProtocolSession,
  WifiAccessPoint,
} from '../types.js';
import { DecodeError } from '../types.js';
import { crc16X25 } from './crc.js';
import { MIN_LENGTH, START_LONG, START_SHORT, buildFrame, headerSize } from './frame.js';
import { Reader } from './reader.js';

export const PROTO = {
  login: 0x01,
  gps: 0x12,
  heartbeat: 0x13,
  commandReplyOld: 0x15,
  alarm: 0x16,
  commandReply: 0x21,
  gpsUtc: 0x22,
  alarmUtc: 0x26,
  alarmFences: 0x27,
  lbs: 0x28,
  wifi: 0x2c,
  command: 0x80,
  timeRequest: 0x8a,
  info: 0x94,
  gps4g: 0xa0,
} as const;

export const EXTRA_IGNORE_CRC = 'gt06.ignoreCrc';
export const EXTRA_CLASSIC_OFFSET = 'gt06.classicOffsetMinutes';

/** Packets answered with an empty echo-serial frame of the same protocol number (§2.5 item 2). */
const ECHO_ACK = new Set<number>([
  PROTO.login,
  PROTO.heartbeat,
  PROTO.alarm,
  PROTO.alarmUtc,
  PROTO.alarmFences,
]);

/** Alarm byte of 0x16/0x26/0x27 (VL03 table, protocols.md §2.2.5). Unlisted non-zero → 'other'. */
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

export const voltageLevelToPercent = (level: number): number | undefined =>
  level <= 6 ? Math.round((level * 100) / 6) : undefined;

export const gsmToSignal = (gsm: number): number | undefined => (gsm <= 4 ? gsm * 25 : undefined);

interface TerminalInfo {
  status: DeviceStatus;
  alarm?: AlarmType;
}

function decodeTerminalInfo(info: number, voltage: number, gsm: number): TerminalInfo {
  const status: DeviceStatus = {
    cut: (info & 0x80) !== 0,
    charging: (info & 0x04) !== 0,
    acc: (info & 0x02) !== 0,
    armed: (info & 0x01) !== 0,
  };
  const battery = voltageLevelToPercent(voltage);
  if (battery !== undefined) status.batteryPercent = battery;
  const signal = gsmToSignal(gsm);
  if (signal !== undefined) status.signal = signal;
  const alarm = TERMINAL_ALARM[(info >> 3) & 0x07];
  return alarm ? { status, alarm } : { status };
}

/** YY MM DD hh mm ss (binary) → epoch ms, shifted from the device zone by `offsetMinutes`. */
function readTime(r: Reader, offsetMinutes = 0): number {
  const [yy, mo, dd, hh, mi, ss] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59)
    throw new DecodeError(`gt06: bad date ${[yy, mo, dd, hh, mi, ss].join(',')}`);
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss) - offsetMinutes * 60_000;
}

/** The 18-byte GPS block: time, GPS info, lat, lon, speed, course/status word. */
function readGps(r: Reader, offsetMinutes: number): Position {
  const fixTime = readTime(r, offsetMinutes);
  const satellites = r.u8() & 0x0f;
  let latitude = r.u32() / 1_800_000;
  let longitude = r.u32() / 1_800_000;
  const speedKmh = r.u8();
  const flags = r.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude; // bit 10 (byte1 bit2): 1 = north
  if ((flags & 0x0800) !== 0) longitude = -longitude; // bit 11 (byte1 bit3): 1 = west
  const position: Position = {
    fixTime,
    valid: (flags & 0x1000) !== 0, // bit 12 (byte1 bit4): positioned
    latitude,
    longitude,
    speedKmh,
    course: flags & 0x03ff,
    satellites,
    lbsMode: 'gps',
  };
  // Vendor variant (Traccar decodeGps): bit 14 = ACC valid, bit 15 = ACC.
  if ((flags & 0x4000) !== 0) position.acc = (flags & 0x8000) !== 0;
  return position;
}

/** MCC (bit 15 = 2-byte MNC), MNC, LAC (2 or 4 bytes), cell id (3 or 8 bytes). */
function readCell(r: Reader, fourG: boolean): Cell | undefined {
  const mccWord = r.u16();
  const mnc = mccWord & 0x8000 ? r.u16() : r.u8();
  const lac = fourG ? r.u32() : r.u16();
  const cellId = fourG ? r.uint(8) : r.u24();
  const mcc = mccWord & 0x7fff;
  return mcc === 0 ? undefined : { mcc, mnc, lac, cellId };
}

function decodeLocation(proto: number, r: Reader, session: ProtocolSession): DecodedMessage {
  const position = readGps(r, proto === PROTO.gps ? classicOffset(session) : 0);
  const fourG = proto === PROTO.gps4g;
  if (r.remaining >= (fourG ? 15 : 8)) {
    const cell = readCell(r, fourG);
    if (cell) position.cells = [cell];
  }
  if (proto !== PROTO.gps && r.remaining >= 3) {
    position.acc = r.u8() !== 0;
    r.skip(1); // upload mode (0 interval, 1 distance, 2 corner, 3 ACC change, …)
    position.reupload = r.u8() === 1;
    if (r.remaining >= 4) position.mileageKm = r.u32() / 1000; // metres (Traccar odometer)
  }
  return { type: 'position', position };
}

function decodeAlarm(proto: number, r: Reader, session: ProtocolSession): DecodedMessage {
  const position = readGps(r, proto === PROTO.alarm ? classicOffset(session) : 0);
  const lbsLength = r.u8(); // counts itself
  if (lbsLength > 1) {
    const lbs = new Reader(r.take(lbsLength - 1));
    if (lbs.remaining >= 8) {
      const cell = readCell(lbs, false);
      if (cell) position.cells = [cell];
    }
  }
  const info = decodeTerminalInfo(r.u8(), r.u8(), r.u8());
  Object.assign(position, info.status);
  const alarms: AlarmType[] = [];
  if (r.remaining >= 2) {
    const code = r.u8();
    r.skip(1); // language: 01 Chinese, 02 English, 00 no reply
    const mapped = ALARM_BYTE[code];
    if (mapped) alarms.push(mapped);
    else if (mapped === undefined) alarms.push('other');
    if (code === 0xfe) position.acc = true;
    if (code === 0xff) position.acc = false;
  }
  if (info.alarm && !alarms.includes(info.alarm)) alarms.push(info.alarm);
  if (proto === PROTO.alarmUtc && r.remaining >= 4) position.mileageKm = r.u32() / 1000;
  if (alarms.length === 0) return { type: 'position', position };
  position.alarms = alarms;
  return { type: 'alarm', alarms, position };
}

/** 0x28: time, MCC, MNC, serving cell + 6 neighbours (LAC 2, CI 3, RSSI 1), TA, language. */
export function parseLbsPacket(content: Uint8Array): { time: number; cells: Cell[] } {
  const r = new Reader(content);
  const time = readTime(r);
  const mcc = r.u16();
  const mnc = mcc & 0x8000 ? r.u16() : r.u8();
  const cells: Cell[] = [];
  for (let k = 0; k < 7 && r.remaining >= 6; k++) {
    const lac = r.u16();
    const cellId = r.u24();
    const rssi = r.u8();
    if (lac !== 0 || cellId !== 0) cells.push({ mcc: mcc & 0x7fff, mnc, lac, cellId, rssi });
  }
  return { time, cells };
}

/** 0x2C: time, MCC, MNC, 7 cells (LAC 2, CI 3, RSSI 1), TA, Wi-Fi count, per AP MAC 6 + RSSI 1. */
export function parseWifiPacket(content: Uint8Array): {
  time: number;
  cells: Cell[];
  wifi: WifiAccessPoint[];
} {
  const r = new Reader(content);
  const { time, cells } = parseLbsPacket(r.take(6 + 3 + 7 * 6));
  r.skip(1); // timing advance
  const count = r.u8();
  const wifi: WifiAccessPoint[] = [];
  for (let k = 0; k < count; k++) {
    const mac = [...r.take(6)].map((b) => b.toString(16).padStart(2, '0')).join(':');
    wifi.push({ mac, rssi: r.u8() });
  }
  return { time, cells, wifi };
}

function decodeUtf16be(bytes: Uint8Array): string {
  let text = '';
  for (let k = 0; k + 1 < bytes.length; k += 2)
    text += String.fromCharCode((bytes[k]! << 8) | bytes[k + 1]!);
  return text;
}

function commandResult(flag: Uint8Array, text: string): DecodedMessage {
  return {
    type: 'commandResult',
    reference: bytesToHex(flag),
    ...resultOfText(text),
    text,
  };
}

function classicOffset(session: ProtocolSession): number {
  const value = session.extra[EXTRA_CLASSIC_OFFSET];
  return typeof value === 'number' ? value : 0;
}

function decodeLogin(r: Reader, session: ProtocolSession): DecodedMessage {
  const id = r.take(8);
  if (id.some((b) => b >> 4 > 9 || (b & 0x0f) > 9)) throw new DecodeError('gt06: login id not BCD');
  const digits = bcdToString(id);
  const deviceId = digits.startsWith('0') ? digits.slice(1) : digits;
  session.deviceId = deviceId;
  const details: Record<string, string | number> = {};
  if (r.remaining >= 2) details.typeId = r.u16().toString(16).padStart(4, '0');
  if (r.remaining >= 2) {
    // bits 15-4 = zone x 100 (800 = 8:00), bit 3 = west, bits 1-0 = language (VL03).
    const word = r.u16();
    const zone = word >> 4;
    let offset = Math.floor(zone / 100) * 60 + (zone % 100);
    if (word & 0x08) offset = -offset;
    details.timezoneOffsetMinutes = offset;
    if (session.extra[EXTRA_CLASSIC_OFFSET] === undefined)
      session.extra[EXTRA_CLASSIC_OFFSET] = offset;
  }
  return Object.keys(details).length > 0
    ? { type: 'login', deviceId, details }
    : { type: 'login', deviceId };
}

function timeReply(now: number, serial: number, extended: boolean): Uint8Array {
  const d = new Date(now);
  const content = new Uint8Array([
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]);
  return buildFrame(PROTO.timeRequest, content, serial, extended);
}

/** Checks the envelope (markers, length, stop bits, CRC); answers proto, content and serial. */
export function openFrame(
  frame: Uint8Array,
  session: ProtocolSession,
): { proto: number; content: Uint8Array; serial: number; extended: boolean } {
  const marker = frame[0];
  if ((marker !== START_SHORT && marker !== START_LONG) || frame[1] !== marker)
    throw new DecodeError('gt06: bad start marker');
  const hdr = headerSize(marker);
  if (frame.length < hdr + MIN_LENGTH + 2) throw new DecodeError('gt06: frame too short');
  const len = hdr === 4 ? (frame[2]! << 8) | frame[3]! : frame[2]!;
  if (len < MIN_LENGTH || hdr + len + 2 !== frame.length)
    throw new DecodeError(`gt06: length ${len} does not match frame size ${frame.length}`);
  if (frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a)
    throw new DecodeError('gt06: bad stop bits');
  const crcAt = frame.length - 4;
  const crc = (frame[crcAt]! << 8) | frame[crcAt + 1]!;
  if (session.extra[EXTRA_IGNORE_CRC] !== true && crc16X25(frame.subarray(2, crcAt)) !== crc)
    throw new DecodeError('gt06: bad CRC');
  return {
    proto: frame[hdr]!,
    content: frame.subarray(hdr + 1, crcAt - 2),
    serial: (frame[crcAt - 2]! << 8) | frame[crcAt - 1]!,
    extended: marker === START_LONG,
  };
}

export function decodeGt06(
  frame: Uint8Array,
  session: ProtocolSession,
  now: () => number = Date.now,
): DecodeResult {
  const { proto, content, serial, extended } = openFrame(frame, session);
  const r = new Reader(content);
  const messages: DecodedMessage[] = [];
  let ack: Uint8Array | undefined = ECHO_ACK.has(proto)
    ? buildFrame(proto, new Uint8Array(0), serial, extended)
    : undefined;

  switch (proto) {
    case PROTO.login:
      messages.push(decodeLogin(r, session));
      break;
    case PROTO.heartbeat: {
      // 3-byte form (v1.8.1) or 5-byte form with alarm/language (§2.2.9); trust len.
      const info = decodeTerminalInfo(r.u8(), r.u8(), r.u8());
      messages.push({ type: 'heartbeat', status: info.status });
      if (info.alarm) messages.push({ type: 'alarm', alarms: [info.alarm] });
      break;
    }
    case PROTO.gps:
    case PROTO.gpsUtc:
    case PROTO.gps4g:
      messages.push(decodeLocation(proto, r, session));
      break;
    case PROTO.alarm:
    case PROTO.alarmUtc:
    case PROTO.alarmFences:
      messages.push(decodeAlarm(proto, r, session));
      break;
    case PROTO.lbs: {
      const { time, cells } = parseLbsPacket(content);
      messages.push({ type: 'networkFix', fixTime: time, cells });
      break;
    }
    case PROTO.wifi: {
      const { time, cells, wifi } = parseWifiPacket(content);
      messages.push({ type: 'networkFix', fixTime: time, cells, wifi });
      break;
    }
    case PROTO.commandReplyOld: {
      const length = r.u8(); // server flag + text
      const body = new Reader(r.take(length));
      const flag = body.take(4);
      messages.push(commandResult(flag, bytesText(body.rest())));
      break;
    }
    case PROTO.commandReply: {
      const flag = r.take(4);
      const encoding = r.u8();
      const bytes = r.rest();
      messages.push(commandResult(flag, encoding === 2 ? decodeUtf16be(bytes) : bytesText(bytes)));
      break;
    }
    case PROTO.timeRequest:
      ack = timeReply(now(), serial, extended);
      messages.push({ type: 'unknown', kind: 'timeRequest' });
      break;
    case PROTO.info: {
      const subtype = r.u8();
      if (subtype === 0x00 && r.remaining >= 2) {
        messages.push({ type: 'status', status: { voltage: r.u16() / 100 } });
      } else {
        messages.push({ type: 'unknown', kind: `info:${subtype.toString(16).padStart(2, '0')}` });
      }
      break;
    }
    default:
      messages.push({ type: 'unknown', kind: `0x${proto.toString(16).padStart(2, '0')}` });
  }
  return ack ? { messages, ack } : { messages };
}
