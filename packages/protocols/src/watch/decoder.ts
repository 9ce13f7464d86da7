/**
 * Decodes one watch frame (protocols.md §2.3.2).
 *
 * - The first frame of a session (session.deviceId unset) yields `{type:'login', deviceId}` before
 *   its own messages, and sets session.deviceId; a frame with another ID logs that ID in again.
 * - Acks echo the frame's maker code (`3G`, `SG`, …) and index, if any. The maker code and whether
 *   the watch uses the indexed header are kept in session.extra (`watchManufacturer`,
 *   `watchIndexed`) for the encoder.
 */
import { bytesText, textBytes } from '../common/bytes.js';
import type {
  AlarmType,
  Cell,
  DecodeResult,
  DecodedMessage,
  LbsMode,
  Position,
  ProtocolSession,
  WifiAccessPoint,
} from '../types.js';
import { DecodeError } from '../types.js';
import { WATCH_MAX_FRAME_BYTES, buildFrame, scanFrame, unescapeBinary } from './frame.js';
import type { WatchHeader } from './frame.js';
import { takePartEcho } from './part-echoes.js';

/** Status-word bit → alarm (BEE Appendix I, high 16 bits). Replace to follow another firmware. */
export const WATCH_ALARM_BITS: ReadonlyArray<readonly [bit: number, alarm: AlarmType]> = [
  [16, 'sos'],
  [17, 'lowBattery'],
  [18, 'geofenceExit'],
  [19, 'geofenceEnter'],
  [20, 'tearOff'],
  [21, 'fall'],
  [22, 'other'],
];

/** Words the server sends and the watch echoes back (§2.3.3); their echo is a commandResult. */
const COMMAND_WORDS = new Set([
  'UPLOAD',
  'CR',
  'MONITOR',
  'CALL',
  'CENTER',
  'SOS',
  'SOS1',
  'SOS2',
  'SOS3',
  'SOSSMS',
  'LOWBAT',
  'REMOVE',
  'REMOVESMS',
  'FALLDOWN',
  'LSSET',
  'PW',
  'APN',
  'LZ',
  'FACTORY',
  'RESET',
  'POWEROFF',
  'VERNO',
  'TS',
  'FIND',
  'FLOWER',
  'PHB',
  'PHB2',
  'PHBX',
  'PHBX2',
  'DPHBX',
  'WHITELIST1',
  'WHITELIST2',
  'SILENCETIME',
  'SILENCETIME2',
  'REMIND',
  'WALKTIME',
  'SLEEPTIME',
  'profile',
  'MESSAGE',
  'hrtstart',
  'HEALTHAUTOSET',
  'bodytemp',
  'bodytemp2',
  'rcapture',
  'APPLOCK',
  'ACALL',
  'DEVREFUSEPHONESWITCH',
  // Vendor extensions the encoder sends (see encoder.ts).
  'MODE',
  'RECORD',
]);

/** UD, UD2, UD3, UD_LTE, UD_WCDMA, AL, AL_LTE, ALCUSTOMER1, WT… (TRC: starts with UD / AL / WT). */
const POSITION_WORDS = /^(UD|AL|WT)/;

export interface WatchDecodeOptions {
  alarmBits?: ReadonlyArray<readonly [number, AlarmType]>;
}

function num(value: string | undefined, field: string): number {
  if (value === undefined || value.trim() === '') throw new DecodeError(`watch: missing ${field}`);
  const n = Number(value.trim());
  if (!Number.isFinite(n)) throw new DecodeError(`watch: bad ${field} '${value}'`);
  return n;
}

/** LAC / CI: decimal when all digits, else hex (§2.3.2 item 12). */
function cellNumber(value: string | undefined, field: string): number {
  if (value !== undefined && /^[0-9]+$/.test(value)) return Number(value);
  if (value !== undefined && /^[0-9a-fA-F]+$/.test(value)) return parseInt(value, 16);
  throw new DecodeError(`watch: bad ${field} '${value}'`);
}

const MAC = /^[0-9a-fA-F]{2}([:-]?[0-9a-fA-F]{2}){5}$/;

function count(value: string | undefined, field: string): number {
  const n = num(value, field);
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new DecodeError(`watch: bad ${field}`);
  return n;
}

/** FNV-1a 32-bit, hex: a stable id for a one-piece voice message. */
function fnv1a(data: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const b of data) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

function normaliseMac(value: string): string {
  const hex = value.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  if (hex.length !== 12) return value.toLowerCase();
  return hex.match(/../g)!.join(':');
}

/** Parses the UD/UD2/AL position record (the fields after the command word). */
export function parsePositionRecord(
  fields: string[],
  alarmBits: ReadonlyArray<readonly [number, AlarmType]> = WATCH_ALARM_BITS,
): Position {
  if (fields.length < 16) throw new DecodeError(`watch: position record too short`);
  const [date, time, validity, latText, ns, lonText, ew] = fields;
  const dm = /^(\d\d)(\d\d)(\d\d)$/.exec(date ?? '');
  const tm = /^(\d\d)(\d\d)(\d\d)$/.exec(time ?? '');
  if (!dm || !tm) throw new DecodeError(`watch: bad date/time '${date},${time}'`);
  if (validity !== 'A' && validity !== 'V') throw new DecodeError(`watch: bad validity`);
  const fixTime = Date.UTC(
    2000 + Number(dm[3]),
    Number(dm[2]) - 1,
    Number(dm[1]),
    Number(tm[1]),
    Number(tm[2]),
    Number(tm[3]),
  );
  let latitude = num(latText, 'latitude');
  let longitude = num(lonText, 'longitude');
  if (ns === 'S') latitude = -Math.abs(latitude);
  if (ew === 'W') longitude = -Math.abs(longitude);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError('watch: coordinates out of range');
  const statusText = fields[15] ?? '';
  if (!/^[0-9a-fA-F]{1,8}$/.test(statusText)) throw new DecodeError('watch: bad status word');
  const status = parseInt(statusText, 16);

  const position: Position = {
    fixTime,
    valid: validity === 'A',
    latitude,
    longitude,
    speedKmh: num(fields[7], 'speed'),
    course: num(fields[8], 'course'),
    altitude: num(fields[9], 'altitude'),
    satellites: num(fields[10], 'satellites'),
    signal: num(fields[11], 'signal'),
    batteryPercent: num(fields[12], 'battery'),
    steps: num(fields[13], 'steps'),
    lbsMode: 'gps',
  };
  const alarms: AlarmType[] = [];
  for (const [bit, alarm] of alarmBits) {
    if (((status >>> bit) & 1) === 1 && !alarms.includes(alarm)) alarms.push(alarm);
  }
  if (alarms.length > 0) position.alarms = alarms;

  // Cells: count, TA (usually present even with no cells), MCC, MNC, then
  // count × (LAC, CI, RSSI); RSSI may be empty.
  let i = 16;
  const cells: Cell[] = [];
  if (i < fields.length) {
    const cellCount = count(fields[i++], 'cell count');
    // With no cells, some firmware drops the TA and goes straight to `wifiCount,SSID,MAC`.
    const noTa = cellCount === 0 && MAC.test(fields[i + 2] ?? '');
    if (!noTa) i++; // timing advance
    if (cellCount > 0) {
      const mcc = num(fields[i++], 'MCC');
      const mnc = num(fields[i++], 'MNC');
      for (let c = 0; c < cellCount; c++) {
        const cell: Cell = {
          mcc,
          mnc,
          lac: cellNumber(fields[i++], 'LAC'),
          cellId: cellNumber(fields[i++], 'CI'),
        };
        const rssi = fields[i++];
        if (rssi !== undefined && rssi.trim() !== '') cell.rssi = num(rssi, 'cell RSSI');
        cells.push(cell);
      }
    }
  }
  // Wi-Fi: count (may be empty), then count × (SSID, MAC, RSSI); an accuracy may follow.
  const wifi: WifiAccessPoint[] = [];
  if (i < fields.length && fields[i]!.trim() !== '') {
    const wifiCount = count(fields[i++], 'Wi-Fi count');
    for (let w = 0; w < wifiCount; w++) {
      i++; // SSID
      const mac = fields[i++];
      const rssi = fields[i++];
      if (mac === undefined || rssi === undefined)
        throw new DecodeError('watch: Wi-Fi record too short');
      // Some firmware writes a placeholder such as `0` for the MAC (TRC test frame): skip it.
      if (!MAC.test(mac)) continue;
      wifi.push({ mac: normaliseMac(mac), rssi: num(rssi, 'Wi-Fi RSSI') });
    }
  }
  if (cells.length > 0) position.cells = cells;
  if (wifi.length > 0) position.wifi = wifi;
  let mode: LbsMode = 'gps';
  if (!position.valid) {
    if (cells.length > 0 && wifi.length > 0) mode = 'mixed';
    else if (wifi.length > 0) mode = 'wifi';
    else if (cells.length > 0) mode = 'lbs';
  }
  position.lbsMode = mode;
  return position;
}

function decodeContent(
  word: string,
  header: WatchHeader,
  content: Uint8Array,
  alarmBits: ReadonlyArray<readonly [number, AlarmType]>,
): { message: DecodedMessage; reply?: string } {
  const text = bytesText(content);
  const fields = text.split(',').slice(1);

  if (word === 'LK') {
    const status: { steps?: number; batteryPercent?: number } = {};
    if (fields.length >= 3) {
      status.steps = num(fields[0], 'steps');
      status.batteryPercent = num(fields[2], 'battery');
    }
    return {
      message: fields.length >= 3 ? { type: 'heartbeat', status } : { type: 'heartbeat' },
      reply: 'LK',
    };
  }
  if (POSITION_WORDS.test(word)) {
    const position = parsePositionRecord(fields, alarmBits);
    if (word === 'UD2') position.reupload = true;
    return {
      message: { type: 'position', position },
      ...(word.startsWith('AL') ? { reply: 'AL' } : {}),
    };
  }
  if (word === 'TK') {
    // `TK`, `TK,1` / `TK,0`: the watch confirming a voice message the server pushed (TRC treats a
    // one-byte TK body the same way). Otherwise everything after "TK," is escaped AMR.
    const body = content.subarray(3);
    if (body.length <= 1) {
      const message: DecodedMessage = {
        type: 'commandResult',
        reference: 'TK',
        success: body.length === 0 || body[0] === 0x31,
      };
      return { message };
    }
    const data = unescapeBinary(body);
    return {
      message: {
        type: 'mediaChunk',
        mediaId: `${header.deviceId}-tk-${fnv1a(data)}-${data.length}`,
        index: 0,
        total: 1,
        format: 'amr',
        data,
      },
      reply: 'TK,1',
    };
  }
  if (word === 'JXTK') {
    // JXTK,<?>,<media name>,<current 1-based>,<total>,<escaped AMR>  (TRC WatchProtocolDecoder)
    let at = 0;
    for (let commas = 0; commas < 5; commas++) {
      at = content.indexOf(0x2c, at) + 1;
      if (at === 0) throw new DecodeError('watch: short JXTK');
    }
    const [, , name, currentText, totalText] = bytesText(content.subarray(0, at - 1)).split(',');
    const current = count(currentText, 'JXTK index');
    const total = count(totalText, 'JXTK total');
    if (!name || current < 1 || current > total) throw new DecodeError('watch: bad JXTK numbering');
    return {
      message: {
        type: 'mediaChunk',
        mediaId: name,
        index: current - 1,
        total,
        format: 'amr',
        data: unescapeBinary(content.subarray(at)),
      },
      reply: 'JXTKR,1',
    };
  }
  if (word === 'TKQ' || word === 'TKQ2')
    return { message: { type: 'unknown', kind: word }, reply: word };
  if (word === 'CONFIG') return { message: { type: 'unknown', kind: word }, reply: 'CONFIG,1' };
  if (word === 'INIT') return { message: { type: 'unknown', kind: word }, reply: 'INIT,1' };
  if (COMMAND_WORDS.has(word)) {
    const rest = text.slice(word.length + 1);
    const message: DecodedMessage = { type: 'commandResult', reference: word, success: true };
    if (rest.length > 0) message.text = rest;
    return { message };
  }
  return { message: { type: 'unknown', kind: word } };
}

export function decodeWatch(
  frame: Uint8Array,
  session: ProtocolSession,
  options: WatchDecodeOptions = {},
): DecodeResult {
  const scan = scanFrame(frame, WATCH_MAX_FRAME_BYTES);
  if (scan.kind !== 'frame' || scan.header.frameEnd !== frame.length)
    throw new DecodeError('watch: malformed frame');
  const header = scan.header;
  const content = frame.subarray(header.contentStart, header.frameEnd - 1);
  let end = content.indexOf(0x2c);
  if (end < 0) end = content.length;
  const word = String.fromCharCode(...content.subarray(0, end));
  if (!/^[A-Za-z0-9_]+$/.test(word)) throw new DecodeError('watch: bad command word');

  // Decode first so a malformed frame leaves the session untouched.
  const { message, reply } = decodeContent(
    word,
    header,
    content,
    options.alarmBits ?? WATCH_ALARM_BITS,
  );
  const messages: DecodedMessage[] = [];
  if (session.deviceId !== header.deviceId) {
    messages.push({ type: 'login', deviceId: header.deviceId });
    session.deviceId = header.deviceId;
  }
  session.extra.watchManufacturer = header.manufacturer;
  session.extra.watchIndexed = header.index !== undefined;
  const part = message.type === 'commandResult' && takePartEcho(session, message.reference ?? '');
  messages.push(part ? { type: 'unknown', kind: `${word} (part of a command)` } : message);
  const result: DecodeResult = { messages };
  if (reply !== undefined)
    result.ack = buildFrame(header.manufacturer, header.deviceId, textBytes(reply), header.index);
  return result;
}
