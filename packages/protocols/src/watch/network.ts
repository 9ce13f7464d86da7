/**
 * The cells and Wi-Fi access points after a position record's status word (protocols.md §2.3.2
 * items 12–14). Read leniently: firmwares truncate the list, announce more access points than
 * they send, write SSIDs holding commas, MCC `FFFF` for an unknown network, or LAC/CI in hex. The
 * reading stops at the first entry that does not fit and keeps the entries before it, so a
 * garbled tail never costs the record its fix.
 */
import type { Cell, WifiAccessPoint } from '../types.js';

export interface Network {
  cells: Cell[];
  wifi: WifiAccessPoint[];
}

const DECIMAL = /^-?[0-9]+$/;
const HEX = /^[0-9a-fA-F]+$/;
/** Six octets; a firmware prints them unpadded with colons (`c0:61:18:b:95:ce`). */
const MAC = /^(?:[0-9a-fA-F]{2}([:-]?[0-9a-fA-F]{2}){5}|[0-9a-fA-F]{1,2}(?::[0-9a-fA-F]{1,2}){5})$/;
/** An SSID may hold this many commas before its MAC is given up on. */
const MAX_SSID_COMMAS = 3;
const MAX_COUNT = 64;

const field = (fields: string[], i: number): string => (fields[i] ?? '').trim();

function integer(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/** LAC / CI: decimal when all digits, else hex. */
function cellNumber(text: string): number | undefined {
  if (DECIMAL.test(text)) return Number(text);
  return HEX.test(text) ? parseInt(text, 16) : undefined;
}

function normaliseMac(text: string): string {
  if (text.length !== 17 && text.includes(':'))
    return text
      .split(':')
      .map((octet) => octet.padStart(2, '0'))
      .join(':')
      .toLowerCase();
  const hex = text.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  return hex.match(/../g)!.join(':');
}

/** Cells from `at`: count, TA, MCC, MNC, count × (LAC, CI, RSSI). Answers where Wi-Fi starts. */
function readCells(fields: string[], at: number, cells: Cell[]): number {
  const count = integer(field(fields, at));
  if (count === undefined || count < 0 || count > MAX_COUNT) return fields.length;
  let i = at + 1;
  // With no cells, some firmware drops the TA and goes straight to `wifiCount,SSID,MAC`.
  if (!(count === 0 && MAC.test(field(fields, i + 2)))) i++;
  if (count === 0) return i;
  const mcc = integer(field(fields, i));
  const mnc = integer(field(fields, i + 1));
  if (mcc === undefined || mnc === undefined) return fields.length;
  i += 2;
  for (let c = 0; c < count; c++, i += 3) {
    const lac = cellNumber(field(fields, i));
    const cellId = cellNumber(field(fields, i + 1));
    if (lac === undefined || cellId === undefined) return fields.length;
    const cell: Cell = { mcc, mnc, lac, cellId };
    const rssi = integer(field(fields, i + 2));
    if (rssi !== undefined) cell.rssi = rssi;
    cells.push(cell);
  }
  return i;
}

/** Access points from `at`: count, count × (SSID, MAC, RSSI). */
function readWifi(fields: string[], at: number, wifi: WifiAccessPoint[]): void {
  const count = integer(field(fields, at));
  if (count === undefined || count < 0 || count > MAX_COUNT) return;
  let i = at + 1;
  for (let w = 0; w < count && i < fields.length; w++) {
    let mac = i + 1;
    if (!MAC.test(field(fields, mac))) {
      // A placeholder MAC such as `0` with its RSSI (TRC test frame): skip the entry.
      if (integer(field(fields, i + 2)) !== undefined) {
        i += 3;
        continue;
      }
      // Otherwise the SSID held commas: its MAC comes a few fields later.
      do mac++;
      while (mac <= i + 1 + MAX_SSID_COMMAS && !MAC.test(field(fields, mac)));
      if (mac > i + 1 + MAX_SSID_COMMAS) return;
    }
    const ap: WifiAccessPoint = { mac: normaliseMac(field(fields, mac)) };
    const rssi = integer(field(fields, mac + 1));
    if (rssi !== undefined) ap.rssi = rssi;
    wifi.push(ap);
    i = mac + 2;
  }
}

/**
 * Reads the network tail starting at `fields[at]`. `cdma`: the UD_CDMA layout, whose four
 * fields `sid,nid,bid,signal` stand where GSM cells would (no MCC: not a Cell), Wi-Fi after.
 */
export function readNetwork(fields: string[], at: number, cdma: boolean): Network {
  const network: Network = { cells: [], wifi: [] };
  const wifiAt = cdma ? at + 4 : readCells(fields, at, network.cells);
  if (wifiAt < fields.length) readWifi(fields, wifiAt, network.wifi);
  return network;
}
