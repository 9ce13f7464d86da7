/**
 * H02 reports that carry cells instead of coordinates; each gives a `networkFix` (when it names
 * a cell) and, where the report has a status word, a `status` (TRC `decodeLbs`, `decodeV3`,
 * `decodeVp1`):
 *
 * - `NBR,hhmmss,mcc,mnc,ta,count,(lac,cid,rssi)×count,DDMMYY,status[,…]` (decimal);
 * - `V3,hhmmss,<mcc 3 digits><mnc>,count,(lac,cid,rssi,dBm)×count,battery,reboot,X,DDMMYY,status`;
 * - `VP1,V,mcc,mnc,lac,cid,rssi[Ylac,cid,rssi]…[Y]` (no time: the receive time).
 */
import type { Cell, DecodedMessage, DeviceStatus } from '../types.js';
import { DecodeError } from '../types.js';
import { numberField, statusWord, utc } from './fields.js';
import { decodeStatusWord } from './status.js';

const MCC_MNC = /^(\d{3})(\d+)$/;

/** The `status` message of a status word, with the device facts given. */
export function statusMessage(
  status: number | undefined,
  extra: DeviceStatus = {},
): DecodedMessage {
  if (status === undefined) return { type: 'status', status: extra };
  const { alarms, acc } = decodeStatusWord(status);
  const message: DecodedMessage = { type: 'status', status: { ...extra, acc } };
  if (alarms.length > 0) message.alarms = alarms;
  return message;
}

function cell(mcc: number, mnc: number, lac: string, cid: string, rssi?: string): Cell | null {
  const c: Cell = { mcc, mnc, lac: numberField(lac, 'lac'), cellId: numberField(cid, 'cell id') };
  if (c.lac === 0 && c.cellId === 0) return null;
  if (rssi !== undefined && rssi.trim() !== '') c.rssi = numberField(rssi, 'rssi');
  return c;
}

function withFix(fixTime: number, cells: Cell[], status: DecodedMessage[]): DecodedMessage[] {
  return cells.length > 0 ? [{ type: 'networkFix', fixTime, cells }, ...status] : status;
}

function requiredStatus(text: string | undefined): number {
  const status = statusWord(text);
  if (status === undefined) throw new DecodeError(`h02: bad status word '${text}'`);
  return status;
}

function cellCount(text: string | undefined): number {
  const count = numberField(text, 'cell count');
  if (!Number.isInteger(count) || count < 0) throw new DecodeError('h02: bad cell count');
  return count;
}

/** `rest` = the fields after `NBR`. */
export function decodeNbr(rest: string[]): DecodedMessage[] {
  const [time = '', mccText, mncText] = rest;
  const count = cellCount(rest[4]);
  const dateAt = 5 + count * 3;
  if (rest.length < dateAt + 2) throw new DecodeError('h02: short NBR');
  const [mcc, mnc] = [numberField(mccText, 'mcc'), numberField(mncText, 'mnc')];
  const cells: Cell[] = [];
  for (let i = 5; i < dateAt; i += 3) {
    const c = cell(mcc, mnc, rest[i]!, rest[i + 1]!, rest[i + 2]);
    if (c) cells.push(c);
  }
  const status = requiredStatus(rest[dateAt + 1]);
  return withFix(utc(rest[dateAt]!, time), cells, [statusMessage(status)]);
}

/** `rest` = the fields after `V3`. */
export function decodeV3(rest: string[]): DecodedMessage[] {
  const [time = '', network = ''] = rest;
  const m = MCC_MNC.exec(network);
  if (!m) throw new DecodeError(`h02: bad V3 network '${network}'`);
  const count = cellCount(rest[2]);
  const tailAt = 3 + count * 4;
  if (rest[tailAt + 2] !== 'X' || rest.length < tailAt + 5) throw new DecodeError('h02: bad V3');
  const cells: Cell[] = [];
  for (let i = 3; i < tailAt; i += 4) {
    const c = cell(Number(m[1]), Number(m[2]), rest[i]!, rest[i + 1]!);
    if (c) cells.push(c);
  }
  const status = requiredStatus(rest[tailAt + 4]);
  return withFix(utc(rest[tailAt + 3]!, time), cells, [statusMessage(status)]);
}

/** `rest` = the fields after `VP1,V`: mcc, mnc, then `lac,cid,rssi` groups joined by `Y`. */
export function decodeVp1Cells(rest: string[], receivedAt: number): DecodedMessage[] {
  const [mccText, mncText, ...groups] = rest;
  const [mcc, mnc] = [numberField(mccText, 'mcc'), numberField(mncText, 'mnc')];
  const cells: Cell[] = [];
  for (const group of groups.join(',').split('Y')) {
    // A list closed by `Y` (HuaSunTek document: `…,0,0,99Y#`) ends with an empty group.
    if (group === '') continue;
    const [lac = '', cid = '', rssi] = group.split(',');
    const c = cell(mcc, mnc, lac, cid, rssi);
    if (c) cells.push(c);
  }
  return withFix(receivedAt, cells, cells.length > 0 ? [] : [{ type: 'heartbeat' }]);
}
