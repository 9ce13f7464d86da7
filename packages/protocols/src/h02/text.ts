/**
 * H02 text frames `*XX,ID,WORD,…#` (the `#` may be missing: the framer also ends a frame at a
 * line end or at the next `*`). XX is the maker code (`HQ`, `hq`, `TH`…); ID may be empty (the
 * session's device).
 *
 * - `V1` and its siblings (`V2`, `V5`, `V6`, `V8`, `V19`, `VI1`…, one layout: report.ts) →
 *   position, or status when the report has no coordinates; `V1` is answered `V4,V1,<time>`.
 * - `V4,<CMD>,<params…>[,<echoed hhmmss>],<report>` → commandResult (reference CMD) and the report.
 * - `NBR`, `V3`, `VP1,V,…` → networkFix (+ status) (cells.ts); `NBR` is answered `V4,NBR,<time>`.
 *   `VP1,A|B,lat,N|S,lon,E|W,speed,course,DDMMYY` → position (receive time: it has no time).
 * - `BC` (blind-area batch) → positions; `ALRM` → alarm with its position (blind-area.ts).
 * - `LINK`, `HTBT[,battery]`, `V0`, `XT`, an empty `*HQ,ID,#` → heartbeat; `HTBT` and `V0` are
 *   answered with their own head (`*HQ,ID,HTBT#`), as Traccar does.
 * - Any other word (`SMS`, `ICCID`, `BS`, `BASE`…), or a `V…` word whose second field is not
 *   a time → unknown.
 */
import { bytesText } from '../common/bytes.js';
import { resultOfText } from '../common/refusal.js';
import type { DecodedMessage } from '../types.js';
import { DecodeError } from '../types.js';
import { decodeAlarm, decodeBlindArea } from './blind-area.js';
import { decodeNbr, decodeV3, decodeVp1Cells, statusMessage } from './cells.js';
import { batteryPercent, isSixDigits, numberField, statusWord } from './fields.js';
import { parseReport, type Report } from './report.js';
import { decodeStatusWord } from './status.js';

const PRINTABLE = /^[\x20-\x7e]*$/;
const MAKER = /^[A-Za-z0-9]{2}$/;
const DEVICE_ID = /^\d*$/;
const REPORT_WORD = /^VI?\d+$/;
const VALIDITY = /^(?:[ABV]|\d*)$/;
const NORTH_SOUTH = /^[NSns0]?$/;
const EAST_WEST = /^[EWew0]?$/;
const HASH = 0x23;

/** How the frame is answered: `V4,<word>,<yyyyMMddHHmmss>`, or its own head echoed. */
export type Answer = { kind: 'v4'; word: string } | { kind: 'echo'; word: string };

export interface DecodedText {
  maker: string;
  id: string;
  messages: DecodedMessage[];
  answer?: Answer;
}

function reportMessages({ position, status }: Report): DecodedMessage[] {
  if (position) return [{ type: 'position', position }];
  return [status === undefined ? { type: 'heartbeat' } : statusMessage(status)];
}

/** Where a V4 reply's report starts: time, validity, lat, N|S, lon, E|W. */
function reportStart(rest: string[]): number {
  for (let i = 1; i + 5 < rest.length; i++) {
    const time = rest[i]!;
    const bothOrNeither = (rest[i + 2] === '') === (rest[i + 4] === '');
    if (
      (time === '' || isSixDigits(time)) &&
      VALIDITY.test(rest[i + 1]!) &&
      NORTH_SOUTH.test(rest[i + 3]!) &&
      EAST_WEST.test(rest[i + 5]!) &&
      bothOrNeither
    )
      return i;
  }
  return -1;
}

function decodeV4(rest: string[], now: () => number): DecodedMessage[] {
  const command = rest[0];
  if (!command) throw new DecodeError('h02: V4 without a command');
  const at = reportStart(rest);
  const params = rest.slice(1, at < 0 ? rest.length : at);
  // The confirmation echoes the command's time (hhmmss) last; the rest is the device's answer.
  if (at >= 0 && isSixDigits(params[params.length - 1])) params.pop();
  const text = params.join(',');
  const result: DecodedMessage = {
    type: 'commandResult',
    reference: command,
    ...resultOfText(text),
    ...(params.length > 0 ? { text } : {}),
  };
  return at < 0 ? [result] : [result, ...reportMessages(parseReport(rest.slice(at), now))];
}

function decodeVp1(rest: string[], now: () => number): DecodedMessage[] {
  const [validity, ...fields] = rest;
  if (validity === 'V') return decodeVp1Cells(fields, now());
  if (validity !== 'A' && validity !== 'B') throw new DecodeError('h02: bad VP1');
  return reportMessages(parseReport(['', validity, ...fields], now));
}

function decodeLink(rest: string[]): DecodedMessage {
  // LINK,hhmmss,rssi,satellites,battery,steps,turnovers,DDMMYY,status
  if (rest.length < 8) throw new DecodeError('h02: short LINK');
  const status = statusWord(rest[7]);
  return {
    type: 'heartbeat',
    status: {
      satellites: numberField(rest[2], 'satellites'),
      batteryPercent: numberField(rest[3], 'battery'),
      steps: numberField(rest[4], 'steps'),
      ...(status === undefined ? {} : { acc: decodeStatusWord(status).acc }),
    },
  };
}

function heartbeat(batteryField: string | undefined): DecodedMessage {
  const battery =
    batteryField === undefined || batteryField.trim() === ''
      ? undefined
      : batteryPercent(numberField(batteryField, 'battery'));
  return battery === undefined
    ? { type: 'heartbeat' }
    : { type: 'heartbeat', status: { batteryPercent: battery } };
}

function decodeWord(
  word: string,
  rest: string[],
  now: () => number,
): { messages: DecodedMessage[]; answer?: Answer } {
  switch (word) {
    case 'V1':
      return { messages: reportMessages(parseReport(rest, now)), answer: { kind: 'v4', word } };
    case 'V4':
      return { messages: decodeV4(rest, now) };
    case 'NBR':
      return { messages: decodeNbr(rest), answer: { kind: 'v4', word } };
    case 'V3':
      return { messages: decodeV3(rest) };
    case 'VP1':
      return { messages: decodeVp1(rest, now) };
    case 'LINK':
      return { messages: [decodeLink(rest)] };
    case 'HTBT':
    case 'V0':
      return { messages: [heartbeat(rest[0])], answer: { kind: 'echo', word } };
    case 'XT':
      return { messages: [{ type: 'heartbeat' }] };
    case 'BC':
      return { messages: decodeBlindArea(rest, now) };
    case 'ALRM':
      return { messages: [decodeAlarm(rest, now)] };
    default:
      // A report word whose second field is no time is another layout (a V6 settings dump).
      if (REPORT_WORD.test(word) && (rest[0] === '' || isSixDigits(rest[0])))
        return { messages: reportMessages(parseReport(rest, now)) };
      return { messages: [{ type: 'unknown', kind: word }] };
  }
}

export function decodeText(frame: Uint8Array, now: () => number): DecodedText {
  const end = frame[frame.length - 1] === HASH ? frame.length - 1 : frame.length;
  const text = bytesText(frame.subarray(1, end));
  if (!PRINTABLE.test(text)) throw new DecodeError('h02: non-text bytes');
  const fields = text.split(',');
  const [maker = '', id, word] = fields;
  if (!MAKER.test(maker)) throw new DecodeError(`h02: bad maker code '${maker}'`);
  if (id === undefined || !DEVICE_ID.test(id)) throw new DecodeError(`h02: bad device id '${id}'`);
  if (word === undefined) throw new DecodeError('h02: no message type');
  // `*HQ,<ID>,#` (TRC test frame) carries nothing but the device's presence.
  if (word === '' && fields.length === 3) return { maker, id, messages: [{ type: 'heartbeat' }] };
  if (word === '') throw new DecodeError('h02: no message type');
  return { maker, id, ...decodeWord(word, fields.slice(3), now) };
}
