/**
 * Decodes one H02 frame (protocols.md §2.4).
 *
 * - The first frame of a session (session.deviceId unset) yields `{type:'login', deviceId}` first
 *   and sets session.deviceId, as for watches; a frame with another ID logs that ID in again.
 * - `V1` → position (+ ack `*HQ,ID,V4,V1,yyyyMMddHHmmss#`, server time UTC, as Traccar);
 *   `V4,<CMD>,…` → commandResult (reference = CMD) and the position that follows it;
 *   `NBR` → status (a cell-only report has no coordinates to put in a Position; ack V4,NBR);
 *   `LINK` / `HTBT` / an empty `*HQ,ID,#` → heartbeat; `$` binary (32 bytes) → position; other words → unknown.
 * - Speeds are knots on the wire, converted to km/h.
 */
import { bcdToString, bytesText, textBytes } from '../common/bytes.js';
import { resultOfText } from '../common/refusal.js';
import type {
  DecodeResult,
  DecodedMessage,
  DeviceStatus,
  Position,
  ProtocolSession,
} from '../types.js';
import { DecodeError } from '../types.js';
import { H02_BINARY_LENGTH, plausibleBinary } from './framer.js';
import { decodeStatusWord } from './status.js';

const KNOT_KMH = 1.852;

function statusNumber(text: string | undefined): number {
  if (text === undefined || !/^[0-9a-fA-F]{8}$/.test(text))
    throw new DecodeError(`h02: bad status word '${text}'`);
  return parseInt(text, 16);
}

function utc(ddmmyy: string, hhmmss: string): number {
  const d = /^(\d\d)(\d\d)(\d\d)$/.exec(ddmmyy);
  const t = /^(\d\d)(\d\d)(\d\d)$/.exec(hhmmss);
  if (!d || !t) throw new DecodeError(`h02: bad date/time '${ddmmyy}' '${hhmmss}'`);
  const [day, month, hour, minute, second] = [d[1], d[2], t[1], t[2], t[3]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    throw new DecodeError('h02: date/time out of range');
  return Date.UTC(2000 + Number(d[3]), month - 1, day, hour, minute, second);
}

/** `DDMM.MMMM` / `DDDMM.MMMM` (also the `-DD-M.MMMM` variant seen in the field) → degrees. */
function coordinate(
  text: string,
  hemisphere: string | undefined,
  positive: string,
  negative: string,
): number {
  let m = /^(\d+)(\d\d\.\d+)$/.exec(text);
  if (!m) m = /^-(\d+)-(\d+\.\d+)$/.exec(text);
  if (!m) throw new DecodeError(`h02: bad coordinate '${text}'`);
  const minutes = Number(m[2]);
  if (minutes >= 60) throw new DecodeError(`h02: bad coordinate '${text}'`);
  const value = Number(m[1]) + minutes / 60;
  if (hemisphere === negative) return -value;
  if (hemisphere !== positive) throw new DecodeError(`h02: bad hemisphere '${hemisphere}'`);
  return value;
}

function numberField(text: string | undefined, name: string): number {
  const value = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isFinite(value))
    throw new DecodeError(`h02: bad ${name} '${text}'`);
  return value;
}

/**
 * The report tail `hhmmss,A|V,lat,N|S,lon,E|W,speed,course[,battery],DDMMYY,status`: a position,
 * or null when the device left time/date/coordinates empty (nothing to store but the status).
 */
function parseReport(fields: string[]): { position: Position | null; status: number } {
  // An optional battery field may sit between course and date.
  const dateAt = /^\d{6}$/.test(fields[8] ?? '') || fields[8] === '' ? 8 : 9;
  const [time, validity, lat, ns, lon, ew, speed, course] = fields;
  const status = statusNumber(fields[dateAt + 1]);
  const date = fields[dateAt] ?? '';
  // An empty validity field is seen in the field (TRC test frames): not a valid fix.
  if (validity !== 'A' && validity !== 'V' && validity !== '')
    throw new DecodeError(`h02: bad validity '${validity}'`);
  // No usable fix time or coordinates (empty fields, or the `000000` date some devices send
  // before their first fix): only the status word is stored.
  if (time === '' || date === '' || date === '000000' || lat === '' || lon === '')
    return { position: null, status };
  const latitude = coordinate(lat ?? '', ns, 'N', 'S');
  const longitude = coordinate(lon ?? '', ew, 'E', 'W');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('h02: coordinates out of range');
  const { alarms, acc } = decodeStatusWord(status);
  const position: Position = {
    fixTime: utc(date, time ?? ''),
    valid: validity === 'A',
    latitude,
    longitude,
    speedKmh: numberField(speed, 'speed') * KNOT_KMH,
    course: course === '' ? 0 : numberField(course, 'course'),
    lbsMode: 'gps',
    acc,
  };
  if (alarms.length > 0) position.alarms = alarms;
  return { position, status };
}

function statusMessage(status: number, extra: DeviceStatus = {}): DecodedMessage {
  const { alarms, acc } = decodeStatusWord(status);
  const message: DecodedMessage = { type: 'status', status: { ...extra, acc } };
  if (alarms.length > 0) message.alarms = alarms;
  return message;
}

const pad = (n: number) => String(n).padStart(2, '0');
function serverTime(now: number): string {
  const d = new Date(now);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function decodeText(frame: Uint8Array): {
  id: string;
  messages: DecodedMessage[];
  ackWord?: string;
} {
  if (frame[0] !== 0x2a || frame[frame.length - 1] !== 0x23) throw new DecodeError('h02: not *…#');
  const text = bytesText(frame.subarray(1, frame.length - 1));
  if (!/^[\x20-\x7e]*$/.test(text)) throw new DecodeError('h02: non-text bytes');
  const fields = text.split(',');
  const [maker, id, word] = fields;
  if (!maker || !/^[A-Za-z]{2}$/.test(maker)) throw new DecodeError('h02: bad maker code');
  if (id === undefined || !/^\d*$/.test(id)) throw new DecodeError('h02: bad device id');
  if (word === undefined) throw new DecodeError('h02: no message type');
  // `*HQ,<ID>,#` (seen in TRC tests) carries nothing but the device's presence.
  if (word === '' && fields.length === 3) return { id, messages: [{ type: 'heartbeat' }] };
  if (word === '') throw new DecodeError('h02: no message type');
  const rest = fields.slice(3);

  switch (word) {
    case 'V1': {
      const { position, status } = parseReport(rest);
      return {
        id,
        messages: [position ? { type: 'position', position } : statusMessage(status)],
        ackWord: 'V1',
      };
    }
    case 'V4': {
      // V4,<CMD>,<params…>,<hhmmss>,<report tail of 10 fields>
      const command = rest[0];
      if (!command || rest.length < 12) throw new DecodeError('h02: short V4');
      const tail = rest.slice(-10);
      const params = rest.slice(1, -11);
      // The confirmation echoes the parameters; a device that refuses puts its reason there.
      const text = params.join(',');
      const result: DecodedMessage = {
        type: 'commandResult',
        reference: command,
        ...resultOfText(text),
        ...(params.length > 0 ? { text } : {}),
      };
      const { position, status } = parseReport(tail);
      return {
        id,
        messages: [result, position ? { type: 'position', position } : statusMessage(status)],
      };
    }
    case 'NBR': {
      // NBR,hhmmss,mcc,mnc,ta,count,(lac,cid,rssi)*count,DDMMYY,status
      const count = numberField(rest[4], 'cell count');
      if (!Number.isInteger(count) || count < 0) throw new DecodeError('h02: bad NBR cell count');
      const dateAt = 5 + count * 3;
      if (rest.length < dateAt + 2) throw new DecodeError('h02: short NBR');
      return { id, messages: [statusMessage(statusNumber(rest[dateAt + 1]))], ackWord: 'NBR' };
    }
    case 'LINK': {
      // LINK,hhmmss,rssi,satellites,battery,steps,turnovers,DDMMYY,status
      if (rest.length < 8) throw new DecodeError('h02: short LINK');
      const { acc } = decodeStatusWord(statusNumber(rest[7]));
      return {
        id,
        messages: [
          {
            type: 'heartbeat',
            status: {
              satellites: numberField(rest[2], 'satellites'),
              batteryPercent: numberField(rest[3], 'battery'),
              steps: numberField(rest[4], 'steps'),
              acc,
            },
          },
        ],
      };
    }
    case 'HTBT': {
      const message: DecodedMessage =
        rest[0] !== undefined && rest[0] !== ''
          ? { type: 'heartbeat', status: { batteryPercent: numberField(rest[0], 'battery') } }
          : { type: 'heartbeat' };
      return { id, messages: [message] };
    }
    default:
      return { id, messages: [{ type: 'unknown', kind: word }] };
  }
}

/** BCD `DDMMMMMM` (lat, 4 bytes) or `DDDMMMMM` + flag nibble (lon, 5 bytes) → degrees. */
function binaryCoordinate(digits: string, degreeDigits: number): number {
  const degrees = Number(digits.slice(0, degreeDigits));
  const minutes = Number(digits.slice(degreeDigits)) / 10000;
  if (minutes >= 60) throw new DecodeError('h02: bad binary coordinate');
  return degrees + minutes / 60;
}

/**
 * `$` binary report, 32 bytes: `$`, id BCD[5], hhmmss BCD[3], DDMMYY BCD[3], lat BCD[4]
 * (DDMM.MMMM), a reserved/battery byte, lon BCD 9 digits (DDDMM.MMMM) + flag nibble (bit1 valid,
 * bit2 north, bit3 east), speed 3 BCD digits (knots) + course 3 BCD digits, status[4], 3 more
 * bytes (layout: TRC `H02ProtocolDecoder.decodeBinary`; the doc gives only the length).
 */
function decodeBinary(frame: Uint8Array): { id: string; messages: DecodedMessage[] } {
  if (frame.length !== H02_BINARY_LENGTH || !plausibleBinary(frame))
    throw new DecodeError('h02: bad binary frame');
  const id = bcdToString(frame.subarray(1, 6));
  const timeDate = bcdToString(frame.subarray(6, 12));
  const latDigits = bcdToString(frame.subarray(12, 16));
  const lonAndFlags = bcdToString(frame.subarray(17, 22).map((b, i) => (i === 4 ? b & 0xf0 : b)));
  const flags = frame[21]! & 0x0f;
  const speedCourse = bcdToString(frame.subarray(22, 25));
  if (!/^\d+$/.test(latDigits + lonAndFlags + speedCourse))
    throw new DecodeError('h02: bad binary BCD');
  let latitude = binaryCoordinate(latDigits, 2);
  let longitude = binaryCoordinate(lonAndFlags.slice(0, 9), 3);
  if ((flags & 0x04) === 0) latitude = -latitude;
  if ((flags & 0x08) === 0) longitude = -longitude;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('h02: coordinates out of range');
  const status = new DataView(frame.buffer, frame.byteOffset + 25, 4).getUint32(0);
  const { alarms, acc } = decodeStatusWord(status);
  const position: Position = {
    fixTime: utc(timeDate.slice(6, 12), timeDate.slice(0, 6)),
    valid: (flags & 0x02) !== 0,
    latitude,
    longitude,
    speedKmh: Number(speedCourse.slice(0, 3)) * KNOT_KMH,
    course: Number(speedCourse.slice(3, 6)),
    lbsMode: 'gps',
    acc,
  };
  if (alarms.length > 0) position.alarms = alarms;
  return { id, messages: [{ type: 'position', position }] };
}

export function decodeH02(
  frame: Uint8Array,
  session: ProtocolSession,
  now: () => number = Date.now,
): DecodeResult {
  const decoded = frame[0] === 0x24 ? decodeBinary(frame) : decodeText(frame);
  const id = decoded.id !== '' ? decoded.id : session.deviceId;
  if (id === undefined) throw new DecodeError('h02: no device id');
  const messages: DecodedMessage[] = [];
  if (session.deviceId !== id) {
    messages.push({ type: 'login', deviceId: id });
    session.deviceId = id;
  }
  messages.push(...decoded.messages);
  const result: DecodeResult = { messages };
  if ('ackWord' in decoded && decoded.ackWord !== undefined)
    result.ack = textBytes(`*HQ,${id},V4,${decoded.ackWord},${serverTime(now())}#`);
  return result;
}
