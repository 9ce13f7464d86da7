/**
 * GT06 / Concox decoder (protocols.md §2.2). One frame in (as cut by the framer, or as a person
 * pastes it), messages and the reply bytes out.
 *
 * Decisions (see the report / doc references):
 * - A wrong CRC-16/X-25 is accepted and flagged (`crcMismatch`): many firmwares compute it
 *   wrongly, and Traccar never checks it (protocols.md §2). The vendor layouts without serial and
 *   CRC (`envelope.ts`) are accepted as they are.
 * - `len` is trusted over vendor field tables (§2.2.9): optional trailing fields are read only when
 *   present and unknown trailing bytes are ignored; vendors told apart by length as Traccar does.
 * - Time: the 0x7979 and newer reports (0x22, 0x26, 0x27, 0xA0…) are UTC. The v1.8 generation
 *   (0x10, 0x11, 0x12, 0x16, 0x1A, 0x2A, and 0x15 texts) is in the device zone (§2.5 item 5):
 *   shifted by `session.extra['gt06.classicOffsetMinutes']` (default 0 = UTC), which the login
 *   packet sets from its time-zone word when the gateway has not set it already.
 * - Battery: a voltage level 0-6 maps linearly to percent, round(level * 100 / 6), as Traccar
 *   does; 7-100 is already a percent (newer firmwares); above that it is dropped. GSM 0-4 → x25.
 * - Reports without coordinates (LBS, Wi-Fi) decode to a `networkFix`, never to a Position with
 *   invented coordinates; a fix the device marks unpositioned is returned with `valid: false`.
 */
import { bcdToString } from '../common/bytes.js';
import type { DecodeResult, DecodedMessage, ProtocolSession } from '../types.js';
import { DecodeError } from '../types.js';
import { openFrame, type Envelope } from './envelope.js';
import { isZeroDate, readCellOfSize } from './fields.js';
import { buildFrame } from './frame.js';
import {
  ALARM,
  CLASSIC,
  LOCATION,
  decodeAlarmReport,
  decodeGpsReport,
  decodeLbsAlarm,
  isGpsReport,
  isServerAddressText,
} from './location.js';
import {
  GSM_CELLS,
  GSM_CELLS_WIFI,
  LTE_CELLS,
  LTE_CELLS_WIFI,
  WANWAY_CELLS,
  parseCellList,
  parseSingleCell,
  type CellListLayout,
  parseWifiCountReport,
  parseWifiList,
  type NetworkReport,
} from './network.js';
import { Reader } from './reader.js';
import {
  decodeGk310Heartbeat,
  decodeHeartbeat,
  decodeInfo,
  decodeModularHeartbeat,
  decodeShortStatus,
} from './status.js';
import { decodeStringInfo, decodeStringReply } from './strings.js';
import { decodeAz735, decodeDashcamAlarm, decodeModular } from './vendor.js';

export const PROTO = {
  login: 0x01,
  heartbeat: 0x13,
  stringReply: 0x15,
  lbsExtend: 0x18,
  lbsStatus: 0x19,
  stringInfo: 0x21,
  gk310Heartbeat: 0x23,
  lbs: 0x28,
  wifi: 0x2c,
  lbs2: 0x2e,
  az735Alarm: 0x33,
  modularHeartbeat: 0x36,
  modular: 0x70,
  command: 0x80,
  timeRequest: 0x8a,
  info: 0x94,
  dashcamAlarm: 0x95,
  addressReply: 0x97,
  lbs4g: 0xa1,
  lbsAlarm4g: 0xa5,
  lbsAddress4g: 0xa7,
  wifiList: 0xf3,
} as const;

export const EXTRA_CLASSIC_OFFSET = 'gt06.classicOffsetMinutes';

/** Packets answered with an empty echo-serial frame of the same protocol number (§2.5 item 2). */
const ECHO_ACK = new Set<number>([
  PROTO.login,
  PROTO.heartbeat,
  PROTO.gk310Heartbeat,
  PROTO.modularHeartbeat,
  PROTO.lbsStatus,
  PROTO.lbsAlarm4g,
  PROTO.dashcamAlarm,
  ALARM.classic,
  ALARM.utc,
  ALARM.fences,
  ALARM.fences4g,
]);

/** Cell-list reports and their layouts (`network.ts`). */
const CELL_LISTS = new Map<number, CellListLayout>([
  [PROTO.lbsExtend, GSM_CELLS],
  [PROTO.lbs, GSM_CELLS],
  [PROTO.lbs2, GSM_CELLS],
  [PROTO.wifi, GSM_CELLS_WIFI],
  [PROTO.lbs4g, LTE_CELLS],
  [LOCATION.lw4g, LTE_CELLS_WIFI],
]);
/** 0x24 from a Wanway S20 (len 0x31) lists its cells with a count. */
const WANWAY_LIST = 0x31 - 5;
/** 0x17 / 0xA7 address requests: a cell (GSM or 4G by size), SOS phone 21, language 2. */
const PHONE_AND_LANGUAGE = 21 + 2;
/** 0x32 in a 0x7979 frame is AZ735's report (in a 0x7878 one, SL4X's GPS report). */
const AZ735_GPS = LOCATION.sl4xGpsStatus;
/** 0x19 of the standard layout: cell 8 + status 5. */
const LBS_STATUS = 13;

/** The answer to a 0x2A address request when the server has no address (Traccar). */
const NO_ADDRESS = 'NA&&NA&&0##';

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

function addressReply(): Uint8Array {
  const text = new TextEncoder().encode(NO_ADDRESS);
  const content = new Uint8Array(5 + text.length);
  content[0] = text.length;
  content.set(text, 5);
  return buildFrame(PROTO.addressReply, content, 0, true);
}

const networkFix = ({ time, cells, wifi }: NetworkReport): DecodedMessage =>
  wifi
    ? { type: 'networkFix', fixTime: time, cells, wifi }
    : { type: 'networkFix', fixTime: time, cells };

/** The messages of one frame's content, by protocol number. */
function decodeContent(
  frame: Envelope,
  session: ProtocolSession,
  now: () => number,
): DecodedMessage[] {
  const { proto, content } = frame;
  const offset = classicOffset(session);
  if (frame.layout === 'wifiCount') return [networkFix(parseWifiCountReport(content, frame.len))];
  if (content.length === 0 && proto !== PROTO.timeRequest)
    return [{ type: 'unknown', kind: `0x${hex(proto)}:empty` }];
  if (frame.extended && (proto === AZ735_GPS || proto === PROTO.az735Alarm))
    return [decodeAz735(proto, content)];
  if (proto === LOCATION.lbsPhone && isServerAddressText(content))
    return [{ type: 'unknown', kind: 'addressText' }];
  if (isGpsReport(proto, content, frame.extended)) {
    if (isZeroDate(content)) return [{ type: 'unknown', kind: 'noFix' }];
    return [decodeGpsReport(proto, content, CLASSIC.has(proto) ? offset : 0)];
  }
  const cellList = CELL_LISTS.get(proto);
  if (cellList) return [networkFix(parseCellList(content, cellList, now))];
  switch (proto) {
    case PROTO.login:
      return [decodeLogin(new Reader(content), session)];
    case PROTO.heartbeat:
      return decodeHeartbeat(content);
    case PROTO.gk310Heartbeat:
      return decodeGk310Heartbeat(content);
    case PROTO.modularHeartbeat:
      return decodeModularHeartbeat(content);
    case LOCATION.fenceSingle:
      return decodeShortStatus(content);
    case ALARM.classic:
    case ALARM.utc:
    case ALARM.fences:
    case ALARM.fences4g:
      return [decodeAlarmReport(proto, content, proto === ALARM.classic ? offset : 0)];
    case PROTO.lbsStatus:
    case PROTO.lbsAlarm4g: {
      if (proto === PROTO.lbsStatus && content.length !== LBS_STATUS)
        return [{ type: 'unknown', kind: '0x19' }];
      const { cells, status, alarms } = decodeLbsAlarm(content);
      const messages: DecodedMessage[] = [{ type: 'networkFix', fixTime: now(), cells }];
      messages.push(
        alarms.length > 0 ? { type: 'status', status, alarms } : { type: 'status', status },
      );
      return messages;
    }
    case LOCATION.sr411:
      return content.length === WANWAY_LIST
        ? [networkFix(parseCellList(content, WANWAY_CELLS, now))]
        : [{ type: 'unknown', kind: '0x24' }];
    case LOCATION.lbsPhone:
    case PROTO.lbsAddress4g: {
      const cell = readCellOfSize(new Reader(content), content.length - PHONE_AND_LANGUAGE);
      return [{ type: 'networkFix', fixTime: now(), cells: cell ? [cell] : [] }];
    }
    case LOCATION.gpsLbsLong:
      return [networkFix(parseSingleCell(content, now))];
    case PROTO.wifiList:
      return [networkFix(parseWifiList(content))];
    case PROTO.stringReply:
      return decodeStringReply(content, offset, now);
    case PROTO.stringInfo:
      return decodeStringInfo(content, now);
    case PROTO.info:
      return [decodeInfo(content, frame.extended)];
    case PROTO.dashcamAlarm:
      return [decodeDashcamAlarm(content, offset)];
    case PROTO.modular:
      return [decodeModular(content)];
    case PROTO.timeRequest:
      return [{ type: 'unknown', kind: 'timeRequest' }];
    default:
      return [{ type: 'unknown', kind: `0x${hex(proto)}` }];
  }
}

/** The reply a frame asks for (Traccar `sendResponse`), if any; frames without serial get none. */
function ackFor({ proto, serial, extended }: Envelope, now: () => number): Uint8Array | undefined {
  if (serial === undefined) return undefined;
  if (ECHO_ACK.has(proto)) return buildFrame(proto, new Uint8Array(0), serial, extended);
  if (extended && (proto === AZ735_GPS || proto === PROTO.az735Alarm))
    return buildFrame(proto, new Uint8Array(0), serial, true);
  // 0x70 arrives in 0x7979 frames and is answered in a 0x7878 one.
  if (extended && proto === PROTO.modular) return buildFrame(proto, new Uint8Array(0), serial);
  if (proto === PROTO.timeRequest) return timeReply(now(), serial, extended);
  if (proto === LOCATION.addressRequest) return addressReply();
  return undefined;
}

const hex = (n: number): string => n.toString(16).padStart(2, '0');

export function decodeGt06(
  frame: Uint8Array,
  session: ProtocolSession,
  now: () => number = Date.now,
): DecodeResult {
  const envelope = openFrame(frame);
  const messages = decodeContent(envelope, session, now);
  const ack = ackFor(envelope, now);
  const result: DecodeResult = ack ? { messages, ack } : { messages };
  if (envelope.crcMismatch) result.crcMismatch = true;
  return result;
}
