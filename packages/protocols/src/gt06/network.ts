/**
 * GT06 reports of cells and Wi-Fi access points without coordinates (protocols.md §2.2.6): they
 * decode to a `networkFix`, never to a Position. Layouts (Traccar `decodeBasic` LBS branches):
 * - 0x28 / 0x2E / 0x18: time, MCC, MNC, 7 cells (LAC 2, CI 3, RSSI 1), TA, language;
 * - 0x2C: the same, then a Wi-Fi count and per AP MAC 6 + RSSI 1;
 * - 0xA1 / 0xA2 (4G): cells of LAC 4, CI 8, RSSI 1; 0xA2 adds Wi-Fi as 0x2C;
 * - 0x24 (Wanway S20, len 0x31): time, TA, MCC, MNC, a cell count, cells;
 * - 0x17 / 0x69 Wi-Fi count layout: BCD time, APs (MAC 6, RSSI 1), cell count, MCC, MNC,
 *   cells (LAC 2, CI 2, RSSI 1);
 * - 0xF3: time, AP count, per AP 2 bytes then MAC 6;
 * - 0x11 shorter than a GPS block: time and one GSM cell.
 * A list shorter than announced ends where the bytes end.
 */
import type { Cell, WifiAccessPoint } from '../types.js';
import { DecodeError } from '../types.js';
import { readCell, readReportTime } from './fields.js';
import { Reader } from './reader.js';

export interface NetworkReport {
  time: number;
  cells: Cell[];
  wifi?: WifiAccessPoint[];
}

export const macOf = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(':');

export interface CellListLayout {
  /** Cell count: fixed, or read from a byte before the cells. */
  count: number | 'byte';
  lacBytes: number;
  cidBytes: number;
  /** A timing-advance byte between the time and MCC (Wanway) instead of after the cells. */
  taFirst?: boolean;
  wifi?: boolean;
}

export const GSM_CELLS: CellListLayout = { count: 7, lacBytes: 2, cidBytes: 3 };
export const GSM_CELLS_WIFI: CellListLayout = { ...GSM_CELLS, wifi: true };
export const LTE_CELLS: CellListLayout = { count: 7, lacBytes: 4, cidBytes: 8 };
export const LTE_CELLS_WIFI: CellListLayout = { ...LTE_CELLS, wifi: true };
export const WANWAY_CELLS: CellListLayout = {
  count: 'byte',
  lacBytes: 2,
  cidBytes: 3,
  taFirst: true,
};

function readAccessPoints(r: Reader, count: number, skipBefore = 0): WifiAccessPoint[] {
  const wifi: WifiAccessPoint[] = [];
  const size = skipBefore + 6 + (skipBefore ? 0 : 1);
  for (let k = 0; k < count && r.remaining >= size; k++) {
    r.skip(skipBefore);
    const mac = macOf(r.take(6));
    wifi.push(skipBefore ? { mac } : { mac, rssi: r.u8() });
  }
  return wifi;
}

/** A time, MCC and MNC, then a list of cells, then (per layout) TA and Wi-Fi. */
export function parseCellList(
  content: Uint8Array,
  layout: CellListLayout,
  now: () => number,
): NetworkReport {
  const r = new Reader(content);
  const time = readReportTime(r, now);
  if (layout.taFirst) r.skip(1);
  const mccWord = r.u16();
  const mnc = mccWord & 0x8000 ? r.u16() : r.u8();
  const mcc = mccWord & 0x7fff;
  const count = layout.count === 'byte' ? r.u8() : layout.count;
  const size = layout.lacBytes + layout.cidBytes + 1;
  const cells: Cell[] = [];
  for (let k = 0; k < count && r.remaining >= size; k++) {
    const lac = r.uint(layout.lacBytes);
    const cellId = r.uint(layout.cidBytes);
    const rssi = r.u8();
    if (lac !== 0 || cellId !== 0) cells.push({ mcc, mnc, lac, cellId, rssi });
  }
  if (!layout.wifi) return { time, cells };
  if (!layout.taFirst && r.remaining > 0) r.skip(1); // timing advance
  const wifi = r.remaining > 0 ? readAccessPoints(r, r.u8()) : [];
  return { time, cells, wifi };
}

/** 0x11 without GPS (Concox v1.8 LBS package): time, one GSM cell, reserved bytes. */
export function parseSingleCell(content: Uint8Array, now: () => number): NetworkReport {
  const r = new Reader(content);
  const time = readReportTime(r, now);
  const cell = readCell(r, false);
  return { time, cells: cell ? [cell] : [] };
}

/** YY MM DD hh mm ss in BCD (the Wi-Fi count layout), digit by digit as Traccar reads it. */
function readBcdTime(r: Reader): number {
  const digits = Array.from(r.take(6), (b) => (b >> 4) * 10 + (b & 0x0f));
  const [yy, mo, dd, hh, mi, ss] = digits as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59)
    throw new DecodeError(`gt06: bad BCD date ${digits.join(',')}`);
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
}

/** 0x17 / 0x69 in the Wi-Fi count layout; `apCount` is the frame's length byte. */
export function parseWifiCountReport(content: Uint8Array, apCount: number): NetworkReport {
  const r = new Reader(content);
  const time = readBcdTime(r);
  const wifi = readAccessPoints(r, apCount);
  const cellCount = r.u8();
  const mcc = r.u16();
  const mnc = r.u8();
  const cells: Cell[] = [];
  for (let k = 0; k < cellCount; k++) {
    const lac = r.u16();
    const cellId = r.u16();
    cells.push({ mcc, mnc, lac, cellId, rssi: r.u8() });
  }
  return { time, cells, wifi };
}

/** 0xF3: time, AP count, per AP 2 bytes (unknown) and the MAC. */
export function parseWifiList(content: Uint8Array): NetworkReport {
  const r = new Reader(content);
  const time = readBcdTime(r);
  return { time, cells: [], wifi: readAccessPoints(r, r.u8(), 2) };
}
