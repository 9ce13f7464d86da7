/**
 * Decodes one watch frame (protocols.md §2.3.2).
 *
 * - The first frame of a session (session.deviceId unset) yields `{type:'login', deviceId}` before
 *   its own messages, and sets session.deviceId; a frame with another ID logs that ID in again.
 * - Acks echo the frame's maker code (`3G`, `SG`, …) and index, if any. The maker code and whether
 *   the watch uses the indexed header are kept in session.extra (`watchManufacturer`,
 *   `watchIndexed`) for the encoder.
 * - A position record gives a `position` (an `alarm` for AL words) with its coordinates as the
 *   watch sent them, `valid: false` for a `V` record; a `V` record's cells and Wi-Fi also come as
 *   a `networkFix`, which the server resolves; a record without coordinates gives only that
 *   `networkFix` (or a `status`).
 */
import { bytesText, textBytes } from '../common/bytes.js';
import type { AlarmType, DecodeResult, DecodedMessage, ProtocolSession } from '../types.js';
import { DecodeError } from '../types.js';
import { WATCH_MAX_FRAME_BYTES, buildFrame, scanFrame } from './frame.js';
import type { WatchHeader } from './frame.js';
import { decodeImg, decodeJxtk, decodeTk, type Decoded } from './media.js';
import { takePartEcho } from './part-echoes.js';
import { alarmsOf, parsePositionRecord, positionOf } from './position-record.js';
import { COMMAND_WORDS, FIXED_REPLIES, recordOffset } from './words.js';

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

/**
 * The state bits (low 16) an AL frame falls back on when no alarm bit is set: old SG firmware
 * raises AL with only these (TRC maps bits 0–2 the same way).
 */
const AL_STATE_BITS: ReadonlyArray<readonly [number, AlarmType]> = [
  [0, 'lowBattery'],
  [1, 'geofenceExit'],
  [2, 'geofenceEnter'],
];

export interface WatchDecodeOptions {
  alarmBits?: ReadonlyArray<readonly [number, AlarmType]>;
}

function decodeRecord(
  word: string,
  fields: string[],
  alarmBits: ReadonlyArray<readonly [number, AlarmType]>,
): Decoded {
  const record = parsePositionRecord(fields, word.endsWith('_CDMA'));
  const isAlarm = word.startsWith('AL');
  let alarms = alarmsOf(record.statusWord, alarmBits);
  if (isAlarm && alarms.length === 0) alarms = alarmsOf(record.statusWord, AL_STATE_BITS);
  if (isAlarm && alarms.length === 0) alarms = ['other'];

  const messages: DecodedMessage[] = [];
  if (record.coordinates) {
    const position = positionOf(record, record.coordinates);
    if (word === 'UD2') position.reupload = true;
    if (isAlarm) messages.push({ type: 'alarm', alarms, position });
    else {
      if (alarms.length > 0) position.alarms = alarms;
      messages.push({ type: 'position', position });
    }
  } else if (isAlarm) messages.push({ type: 'alarm', alarms });
  else
    messages.push({ type: 'status', status: record.status, ...(alarms.length ? { alarms } : {}) });

  const { cells, wifi } = record;
  if (!(record.valid && record.coordinates) && (cells.length > 0 || wifi.length > 0)) {
    messages.push({
      type: 'networkFix',
      fixTime: record.fixTime,
      cells,
      ...(wifi.length > 0 ? { wifi } : {}),
    });
  }
  return isAlarm ? { messages, reply: 'AL' } : { messages };
}

/** `LK` or `LK,steps,tumbles,battery%`; anything else after LK is ignored. */
function decodeLk(fields: string[]): Decoded {
  const [steps, , battery] = fields.map((f) => (/^\d+$/.test(f.trim()) ? Number(f) : undefined));
  const message: DecodedMessage =
    fields.length >= 3 && steps !== undefined && battery !== undefined
      ? { type: 'heartbeat', status: { steps, batteryPercent: battery } }
      : { type: 'heartbeat' };
  return { messages: [message], reply: 'LK' };
}

function decodeContent(
  word: string,
  header: WatchHeader,
  content: Uint8Array,
  alarmBits: ReadonlyArray<readonly [number, AlarmType]>,
): Decoded {
  if (word === 'TK') return decodeTk(header.deviceId, content);
  if (word === 'JXTK') return decodeJxtk(content);
  if (word === 'img') return decodeImg(header.deviceId, content);
  const text = bytesText(content);
  const comma = text.indexOf(',');
  const fields = comma < 0 ? [] : text.slice(comma + 1).split(',');
  if (word === 'LK') return decodeLk(fields);
  const offset = recordOffset(word);
  if (offset !== undefined && comma >= 0)
    return decodeRecord(word, fields.slice(offset), alarmBits);
  const reply = FIXED_REPLIES.get(word);
  if (reply !== undefined) return { messages: [{ type: 'unknown', kind: word }], reply };
  if (COMMAND_WORDS.has(word)) {
    const message: DecodedMessage = { type: 'commandResult', reference: word, success: true };
    if (comma >= 0) message.text = text.slice(comma + 1);
    return { messages: [message] };
  }
  return { messages: [{ type: 'unknown', kind: word }] };
}

export function decodeWatch(
  frame: Uint8Array,
  session: ProtocolSession,
  options: WatchDecodeOptions = {},
): DecodeResult {
  const scan = scanFrame(frame, WATCH_MAX_FRAME_BYTES);
  if (scan.kind !== 'frame' || scan.header.frameEnd !== frame.length)
    throw new DecodeError('watch: malformed frame (expected [MF*ID*LEN*CONTENT])');
  const header = scan.header;
  const content = frame.subarray(header.contentStart, header.frameEnd - 1);
  let end = content.indexOf(0x2c);
  if (end < 0) end = content.length;
  const word = bytesText(content.subarray(0, end)).trim();

  // Decode first so a malformed frame leaves the session untouched.
  const decoded = decodeContent(word, header, content, options.alarmBits ?? WATCH_ALARM_BITS);
  const messages: DecodedMessage[] = [];
  if (session.deviceId !== header.deviceId) {
    messages.push({ type: 'login', deviceId: header.deviceId });
    session.deviceId = header.deviceId;
  }
  session.extra.watchManufacturer = header.manufacturer;
  session.extra.watchIndexed = header.index !== undefined;
  for (const message of decoded.messages) {
    const part = message.type === 'commandResult' && takePartEcho(session, message.reference ?? '');
    messages.push(part ? { type: 'unknown', kind: `${word} (part of a command)` } : message);
  }
  const result: DecodeResult = { messages };
  if (decoded.reply !== undefined) {
    const reply = textBytes(decoded.reply);
    result.ack = buildFrame(header.manufacturer, header.deviceId, reply, header.index);
  }
  return result;
}
