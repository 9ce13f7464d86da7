import { concatBytes, textBytes } from '../common/bytes.js';
import { DecodeError, type AlarmType, type DecodedMessage, type Position } from '../types.js';
import { escapeFrame } from './escaping.js';
import type { Jt808Header } from './header.js';
import { xorChecksum } from './header.js';
import { ByteReader } from './reader.js';

/**
 * Jointech JT701/JT709 container locks on a JT/T 808 port (Traccar: Jt808ProtocolDecoder
 * decodeLocation2, Jt600ProtocolDecoder.decodeBinaryLocation): 0x5501 live and 0x5502 blind-area
 * locations with a one-byte serial, and `(...)` text frames.
 */

const KNOTS_TO_KMH = 1.852;

const bcdDigits = (bytes: Uint8Array, digits: number): number => {
  let value = 0;
  for (let i = 0; i < digits; i++) {
    const byte = bytes[i >> 1]!;
    const digit = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (digit > 9) throw new DecodeError('jt808: Jointech location is not BCD');
    value = value * 10 + digit;
  }
  return value;
};

/** DDMM.mmmm as an integer DDDMMmmmm → degrees. */
const minutesToDegrees = (raw: number): number => Math.floor(raw / 1e6) + (raw % 1e6) / 1e4 / 60;

/** DDMMYY hhmmss BCD, UTC. */
function jointechTime(bytes: Uint8Array): number {
  const [day, month, year, hour, minute, second] = [0, 1, 2, 3, 4, 5].map((i) =>
    bcdDigits(bytes.subarray(i, i + 1), 2),
  ) as [number, number, number, number, number, number];
  const time = Date.UTC(2000 + year, month - 1, day, hour, minute, second);
  if (month < 1 || month > 12 || day < 1 || new Date(time).getUTCDate() !== day) {
    throw new DecodeError('jt808: impossible Jointech time');
  }
  return time;
}

/** Product 3 (JT709) alarm bits. */
const LOCK_ALARMS: [number, AlarmType][] = [
  [0, 'overspeed'],
  [1, 'lowBattery'],
  [2, 'vibration'],
  [3, 'lowBattery'],
  [5, 'geofenceEnter'],
  [6, 'geofenceExit'],
];

/** 0x5501 / 0x5502 body → Position (a blind-area one marked `reupload`). */
export function jointechLocation(header: Jt808Header, body: Uint8Array): Position {
  const reader = new ByteReader(body);
  const fixTime = jointechTime(reader.take(6, 'time'));
  const latitude = minutesToDegrees(bcdDigits(reader.take(4, 'latitude'), 8));
  const lonBytes = reader.take(5, 'longitude');
  const longitude = minutesToDegrees(bcdDigits(lonBytes, 9));
  const flags = lonBytes[4]! & 0x0f;
  const position: Position = {
    fixTime,
    valid: (flags & 1) !== 0,
    latitude: flags & 2 ? latitude : -latitude,
    longitude: flags & 4 ? longitude : -longitude,
    speedKmh: bcdDigits(reader.take(1, 'speed'), 2) * KNOTS_TO_KMH,
    course: reader.u8('course') * 2,
    lbsMode: 'gps',
  };
  reader.u8('signal');
  position.satellites = reader.u8('satellites');
  position.mileageKm = reader.u32('odometer');
  const battery = reader.u8('battery');
  if (battery <= 100) position.batteryPercent = battery;
  else if (battery === 0xaa || battery === 0xab) position.charging = true;
  reader.take(6, 'cell');
  const product = reader.u8('product');
  const status = reader.u16('status');
  const alarm = reader.u16('alarm');
  const alarms: AlarmType[] = [];
  if (product === 3) {
    position.cut = (status & 0x20) !== 0;
    for (const [bit, type] of LOCK_ALARMS)
      if (alarm & (1 << bit) && !alarms.includes(type)) alarms.push(type);
  } else if ((product === 1 || product === 2) && alarm & 1) {
    alarms.push('lowBattery');
  }
  if (alarms.length > 0) position.alarms = alarms;
  while (reader.remaining >= 2) {
    const id = reader.u8();
    const length = reader.u8();
    if (length > reader.remaining) break;
    const value = reader.take(length);
    if (id === 0x02 && length === 2) position.altitude = ((value[0]! << 24) >> 16) | value[1]!;
  }
  if (header.messageId === 0x5502) position.reupload = true;
  return position;
}

/** The answer Jointech devices ask for with body-properties bit 15: 0x4401, one-byte serial. */
export function jointechAck(header: Jt808Header): Uint8Array {
  const content = concatBytes(
    Uint8Array.of(0x44, 0x01, 0x00, 0x03),
    header.phone,
    Uint8Array.of(1, header.messageId >> 8, header.messageId & 0xff, 0),
  );
  return escapeFrame(concatBytes(content, Uint8Array.of(xorChecksum(content))));
}

/** `(id,1,serial,command,…)`: the device id is the first field. */
export interface TextFrame {
  deviceId?: string;
  messages: DecodedMessage[];
  answer?: Uint8Array;
}

const two = (value: number): string => String(value).padStart(2, '0');

/**
 * A `(...)` text frame: `BASE,2,TIME` asks for the time (answered with the frame, TIME replaced
 * by UTC yyyyMMddHHmmss); anything else is a command's result, kept as its text.
 */
export function jointechText(frame: Uint8Array, now: number): TextFrame {
  const text = String.fromCharCode(...frame);
  if (!text.endsWith(')')) throw new DecodeError('jt808: text frame without its closing bracket');
  const fields = text.slice(1, -1).split(',');
  const id = fields[0] ?? '';
  const deviceId = /^[0-9]{1,20}$/.test(id) ? id.replace(/^0+/, '') || '0' : undefined;
  if (fields[3] === 'BASE' && fields[4] === '2') {
    const d = new Date(now);
    const time =
      `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}` +
      `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
    return {
      ...(deviceId ? { deviceId } : {}),
      messages: [{ type: 'unknown', kind: 'BASE,2' }],
      answer: textBytes(text.replace('TIME', time)),
    };
  }
  return {
    ...(deviceId ? { deviceId } : {}),
    messages: [{ type: 'commandResult', success: true, text }],
  };
}
