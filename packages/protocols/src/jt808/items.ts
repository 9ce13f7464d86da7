import type { AlarmType, Cell, Position, WifiAccessPoint } from '../types.js';

/**
 * The additional-information items after the 28 fixed bytes of a location: id BYTE, length BYTE,
 * value. Standard items (JT/T 808-2013/2019 §8.18) and the vendor items Traccar's
 * Jt808ProtocolDecoder reads for Jimi, Concox, Howen, GPS51 and other firmwares; an item whose
 * length is not the one expected is skipped, and so is every unknown item.
 */

const u16 = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u24 = (b: Uint8Array, at: number): number => (b[at]! << 16) | u16(b, at + 1);
const u32 = (b: Uint8Array, at: number): number => b[at]! * 0x1000000 + u24(b, at + 1);
const i8 = (b: Uint8Array, at: number): number => (b[at]! << 24) >> 24;

/** GSM CSQ (0-31, 99 = unknown) → 0-100. */
function csqToSignal(csq: number): number | undefined {
  if (csq === 99) return undefined;
  return Math.min(100, Math.round((csq * 100) / 31));
}

const mac = (b: Uint8Array, at: number): string => {
  let text = '';
  for (let i = 0; i < 6; i++) text += (i ? ':' : '') + b[at + i]!.toString(16).padStart(2, '0');
  return text;
};

function addAlarm(position: Position, alarm: AlarmType): void {
  if (!position.alarms) position.alarms = [alarm];
  else if (!position.alarms.includes(alarm)) position.alarms.push(alarm);
}

function addCell(position: Position, cell: Cell): void {
  if (cell.lac <= 0 || cell.cellId <= 0) return;
  (position.cells ??= []).push(cell);
}

function addWifi(position: Position, ap: WifiAccessPoint): void {
  (position.wifi ??= []).push(ap);
}

/** Main power (external) volts: kept unless the battery's own volts are known. */
function setPowerVolts(position: Position, volts: number): void {
  if (position.voltage === undefined) position.voltage = volts;
}

/** A battery-level byte where 0xff means "charging" (Jimi 0xE1/0xD4/0xE9). */
function batteryLevel(position: Position, level: number): void {
  if (level === 0xff) position.charging = true;
  else position.batteryPercent = Math.min(100, level);
}

/** 0xEB (Jimi/Concox): cells as MCC WORD, MNC BYTE, then LAC WORD, CI WORD, RSSI BYTE each. */
function shortCells(position: Position, b: Uint8Array, at: number, end: number): void {
  const mcc = u16(b, at);
  const mnc = b[at + 2]!;
  for (let i = at + 3; i + 5 <= end; i += 5) {
    addCell(position, { mcc, mnc, lac: u16(b, i), cellId: u16(b, i + 2), rssi: b[i + 4]! });
  }
}

/** 0xEB (GPS51 / Howen): extended items, each length WORD, type WORD, value. */
function extendedItems(position: Position, b: Uint8Array, at: number, end: number): void {
  while (at + 4 <= end) {
    const length = u16(b, at);
    const next = at + 2 + length;
    if (length < 2 || next > end) return;
    const type = u16(b, at + 2);
    const v = at + 4;
    const size = length - 2;
    switch (type) {
      case 0x002d:
        if (size === 4) setPowerVolts(position, u32(b, v) / 1000);
        else if (size === 2) position.voltage = u16(b, v) / 1000;
        break;
      case 0x00ce:
        if (size === 2) setPowerVolts(position, u16(b, v) / 100);
        break;
      case 0x00a8:
      case 0x00e1:
        if (size === 1) position.batteryPercent = Math.min(100, b[v]!);
        break;
      case 0x0089:
        if (size === 4) {
          const flags = u32(b, v);
          if (flags % 2 === 0) addAlarm(position, 'powerCut');
          if (Math.floor(flags / 0x1000) % 2 === 0) addAlarm(position, 'tearOff');
        }
        break;
      case 0x00c5:
        if (size === 4 && Math.floor(u32(b, v) / 0x40) % 2 === 0) addAlarm(position, 'vibration');
        break;
      case 0x00d8:
        if (size >= 9) {
          addCell(position, {
            mcc: u16(b, v),
            mnc: b[v + 2]!,
            lac: u16(b, v + 3),
            cellId: u32(b, v + 5),
          });
        }
        break;
      case 0x00b9:
        wifiText(position, b, v + 1, next);
        break;
      default:
        break;
    }
    at = next;
  }
}

/** "mac,rssi,mac,rssi…" in ASCII (GPS51 0x00B9). */
function wifiText(position: Position, b: Uint8Array, at: number, end: number): void {
  const parts = String.fromCharCode(...b.subarray(at, end)).split(',');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const address = parts[i]!.trim().toLowerCase();
    const rssi = Number(parts[i + 1]);
    if (address.length === 17 && Number.isFinite(rssi)) addWifi(position, { mac: address, rssi });
  }
}

const printable = (b: Uint8Array, at: number, end: number): boolean => {
  for (let i = at; i < end; i++) if (b[i]! < 0x20 || b[i]! > 0x7e) return false;
  return true;
};

/**
 * One item (`length` bytes of value at `at`) into the position; answers the in/out-area direction
 * of item 0x12 (0 in, 1 out), otherwise undefined.
 */
function readItem(
  position: Position,
  id: number,
  b: Uint8Array,
  at: number,
  length: number,
): number | undefined {
  const end = at + length;
  switch (id) {
    case 0x01:
      if (length === 4) position.mileageKm = u32(b, at) / 10;
      break;
    case 0x06:
      // 2019: compartment temperature (WORD); a single byte is a battery level (vendors).
      if (length === 1) position.batteryPercent = Math.min(100, b[at]!);
      break;
    case 0x12:
      if (length === 6) return b[at + 5];
      break;
    case 0x30:
      if (length === 1) {
        const signal = csqToSignal(b[at]!);
        if (signal !== undefined) position.signal = signal;
      }
      break;
    case 0x31:
      if (length === 1) position.satellites = b[at]!;
      break;
    case 0x56:
      if (length >= 1) position.batteryPercent = Math.min(100, b[at]! * 10);
      break;
    case 0x61:
    case 0xd3:
    case 0x82:
      if (length === 2) setPowerVolts(position, u16(b, at) / (id === 0x61 ? 100 : 10));
      break;
    case 0x69:
      if (length === 2) position.voltage = u16(b, at) / 100;
      break;
    case 0xd5:
      if (length === 2) position.voltage = u16(b, at) / 100;
      break;
    case 0xf1:
      if (length === 4) setPowerVolts(position, u32(b, at) / 1000);
      break;
    case 0xd4:
    case 0xe9:
      if (length === 1) batteryLevel(position, b[at]!);
      break;
    case 0xe1:
      if (length === 1) batteryLevel(position, b[at]!);
      else if (length === 2) setPowerVolts(position, u16(b, at) / 10);
      else if (length >= 12 && (length - 4) % 8 === 0) {
        const mcc = u16(b, at);
        const mnc = u16(b, at + 2);
        for (let i = at + 4; i < end; i += 8) {
          const lac = u24(b, i);
          const cellId = u32(b, i + 3);
          if (lac <= 0xffff && cellId <= 0xfffffff) {
            addCell(position, { mcc, mnc, lac, cellId, rssi: b[i + 7]! });
          }
        }
      }
      break;
    case 0xe3:
      if (length === 6) {
        position.batteryPercent = Math.min(100, b[at + 1]!);
        position.voltage = u16(b, at + 2) / 100;
      }
      break;
    case 0xe4:
      if (length === 2) {
        if (b[at] === 0) position.charging = true;
        position.batteryPercent = Math.min(100, b[at + 1]!);
      }
      break;
    case 0xe7:
      if (length === 8) {
        const flags = u16(b, at);
        if (flags & 0x01) addAlarm(position, 'vibration');
        if (flags & 0x0e) addAlarm(position, 'sos');
      }
      break;
    case 0xeb:
      if (length >= 8 && u16(b, at) > 200 && (length - 3) % 5 === 0)
        shortCells(position, b, at, end);
      else if (!printable(b, at, end)) extendedItems(position, b, at, end);
      break;
    case 0xec:
    case 0xf4:
      if (length % 7 === 0) {
        for (let i = at; i < end; i += 7) addWifi(position, { mac: mac(b, i), rssi: i8(b, i + 6) });
      }
      break;
    case 0xee:
      if (length === 6) {
        const signal = csqToSignal(b[at]!);
        if (signal !== undefined) position.signal = signal;
        position.voltage = u16(b, at + 3) / 1000;
        position.satellites = b[at + 5]!;
      }
      break;
    case 0xf0:
      if (length % 13 === 0) {
        for (let i = at; i < end; i += 13) {
          addCell(position, {
            mcc: u16(b, i),
            mnc: u16(b, i + 2),
            cellId: u32(b, i + 4),
            lac: u32(b, i + 8),
            rssi: b[i + 12]!,
          });
        }
      }
      break;
    case 0xf7:
      if (length >= 4) {
        position.voltage = u32(b, at) / 1000;
        if (length >= 5 && (b[at + 4] === 2 || b[at + 4] === 3)) position.charging = true;
        if (length >= 6) position.batteryPercent = Math.min(100, b[at + 5]!);
      }
      break;
    case 0xfe:
      if (length === 1) position.batteryPercent = Math.min(100, b[at]!);
      else if (length === 2) setPowerVolts(position, u16(b, at) / 10);
      else if (length === 4) position.mileageKm = u32(b, at) / 1000;
      break;
    default:
      break;
  }
  return undefined;
}

/**
 * Reads the items of a location body from `at` into the position; answers the in/out-area
 * direction (item 0x12) when present. Items that run past the end are ignored (vendors get them
 * wrong); what came before is kept.
 */
export function readItems(position: Position, body: Uint8Array, at: number): number | undefined {
  let areaDirection: number | undefined;
  while (at + 2 <= body.length) {
    const id = body[at]!;
    const length = body[at + 1]!;
    at += 2;
    if (at + length > body.length) break;
    const direction = readItem(position, id, body, at, length);
    if (direction !== undefined) areaDirection = direction;
    at += length;
  }
  return areaDirection;
}
