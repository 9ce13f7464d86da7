/**
 * Two uplinks of the HuaSunTek "GPS Tracker Communication Protocol V1.0.5" (the H02 document
 * traccar.org links for port 5013) that Traccar does not decode:
 *
 * - `BC,hhmmss,length,<segment>;<segment>…`, the blind-area upload: each segment is
 *   `A|V,lat,N|S,lon,E|W,speed,course,DDhhmmss,status[,mcc,mnc,lac,cid]` → a position marked
 *   `reupload`. A segment dates itself by day only: month and year are the receive time's (the
 *   month before when that day has not come yet this month).
 * - `ALRM,type,hhmmss[,validity,lat,N|S,lon,E|W,speed,course,DDMMYY,status,…]` → alarm (type 1
 *   SOS, 2 low battery, 3 fence, which the document does not say entered or left: `other`), with
 *   the report's position when it carries one.
 */
import type { AlarmType, DecodedMessage, Position } from '../types.js';
import { DecodeError } from '../types.js';
import { parseReport } from './report.js';

const DAY_TIME = /^\d{8}$/;
const ALARM_TYPES: Record<string, AlarmType> = { '1': 'sos', '2': 'lowBattery', '3': 'other' };

const pad = (n: number) => String(n).padStart(2, '0');

/** `DDhhmmss` → the report's `hhmmss` and `DDMMYY` fields, month and year from `now`. */
function dayTime(text: string, now: number): [string, string] {
  if (!DAY_TIME.test(text)) throw new DecodeError(`h02: bad BC day/time '${text}'`);
  const day = Number(text.slice(0, 2));
  const today = new Date(now);
  let month = today.getUTCMonth();
  let year = today.getUTCFullYear();
  if (day > today.getUTCDate()) {
    month = month === 0 ? 11 : month - 1;
    if (month === 11) year--;
  }
  return [text.slice(2), `${pad(day)}${pad(month + 1)}${pad(year % 100)}`];
}

/** `rest` = the fields after `BC`. */
export function decodeBlindArea(rest: string[], now: () => number): DecodedMessage[] {
  if (rest.length < 3) throw new DecodeError('h02: short BC');
  const received = now();
  const messages: DecodedMessage[] = [];
  for (const segment of rest.slice(2).join(',').split(';')) {
    if (segment.trim() === '') continue;
    const [
      validity = '',
      lat = '',
      ns = '',
      lon = '',
      ew = '',
      speed = '',
      course = '',
      when = '',
      ...tail
    ] = segment.split(',');
    const [time, date] = dayTime(when.trim(), received);
    const fields = [time, validity, lat, ns, lon, ew, speed, course, date, ...tail];
    const { position } = parseReport(fields, () => received);
    if (position) messages.push({ type: 'position', position: { ...position, reupload: true } });
  }
  return messages;
}

/** `rest` = the fields after `ALRM`. */
export function decodeAlarm(rest: string[], now: () => number): DecodedMessage {
  const alarm = ALARM_TYPES[rest[0]?.trim() ?? ''] ?? 'other';
  const position: Position | null =
    rest.length >= 9 ? parseReport(rest.slice(1), now).position : null;
  return position
    ? { type: 'alarm', alarms: [alarm], position }
    : { type: 'alarm', alarms: [alarm] };
}
