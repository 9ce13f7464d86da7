/**
 * GT06 reports that start with the 18-byte GPS block (protocols.md §2.2.4-2.2.5), and the alarm
 * reports built like them. What follows the GPS block differs by protocol number and vendor;
 * where Traccar tells vendors apart by the frame length, so do we (`Gt06ProtocolDecoder`
 * `decodeVariant`). Optional trailing fields are read only when present.
 */
import type { AlarmType, Cell, DecodedMessage, DeviceStatus, Position } from '../types.js';
import {
  GPS_BLOCK,
  alarmOfByte,
  batteryPercent,
  readCell,
  readCellOfSize,
  readGps,
  readStatusWithAlarm,
  terminalInfo,
} from './fields.js';
import { Reader } from './reader.js';

export const LOCATION = {
  gpsOnly: 0x10,
  gpsLbsLong: 0x11,
  gps: 0x12,
  lbsPhone: 0x17,
  gpsExtended: 0x1e,
  gpsPhone: 0x1a,
  gpsUtc: 0x22,
  gpsUtc2: 0x2d,
  addressRequest: 0x2a,
  gpsModules: 0x37,
  sr411: 0x24,
  sl4xGps: 0x31,
  sl4xGpsStatus: 0x32,
  x1Gps: 0x34,
  gpsCellType: 0x38,
  gps4g: 0xa0,
  lw4g: 0xa2,
  fenceSingle: 0xa3,
} as const;

export const ALARM = {
  classic: 0x16,
  utc: 0x26,
  fences: 0x27,
  fences4g: 0xa4,
} as const;

/** Content sizes that mark a vendor layout (Traccar `decodeVariant`, len - 5). */
const SEEWORLD_GPS_UTC = 0x2f - 5;
const NT20_GPS_UTC = 0x3c - 5;
const X1_GPS = 0x3c - 5;
const LW4G_GPS = 0x40 - 5;
const SR411_GPS = 0x2e - 5;
const VXT01_ALARM = 0x24 - 5;
/** 0x17 as LBS + SOS phone (21) + language (2), without GPS. */
const LBS_PHONE = 8 + 21 + 2;
/**
 * 0x17 sent by a server (the address it found for an alarm, Concox v1.8 appendix): length 1,
 * server flag 4, then "ADDRESS&&…" or "ALARMSMS&&…". Captures and documents carry it.
 */
const SERVER_TEXT_AT = 5;
const SERVER_TEXT_MARKERS = ['ADDRESS&&', 'ALARMSMS&&'];

const startsWithAscii = (content: Uint8Array, at: number, marker: string): boolean => {
  if (content.length < at + marker.length) return false;
  for (let k = 0; k < marker.length; k++)
    if (content[at + k] !== marker.charCodeAt(k)) return false;
  return true;
};

/** Whether a 0x17 is the server's address text rather than a device report. */
export const isServerAddressText = (content: Uint8Array): boolean =>
  SERVER_TEXT_MARKERS.some((marker) => startsWithAscii(content, SERVER_TEXT_AT, marker));

const withCell = (position: Position, cell: Cell | undefined): void => {
  if (cell) position.cells = [cell];
};

/** ACC, upload mode, re-upload flag, then an optional 4-byte mileage in metres (0x22 family). */
function readUploadFields(r: Reader, position: Position): void {
  if (r.remaining < 3) return;
  position.acc = r.u8() !== 0;
  r.skip(1); // upload mode (0 interval, 1 distance, 2 corner, 3 ACC change, …)
  position.reupload = r.u8() === 1;
  if (r.remaining >= 4) position.mileageKm = r.u32() / 1000;
}

/** Modules of 0x37 / 0x38: type 2, length 1, value (0x27 power V/100, 0x2E mileage m). */
function readModules(r: Reader, position: Position): void {
  while (r.remaining >= 3) {
    const type = r.u16();
    const value = new Reader(r.take(Math.min(r.u8(), r.remaining)));
    if (type === 0x27 && value.remaining >= 2) position.voltage = value.u16() / 100;
    if (type === 0x2e && value.remaining >= 4) position.mileageKm = value.u32() / 1000;
  }
}

/** 0x22 from an NT20 (len 0x3C): fix source, IMEI and device time before the GPS block. */
function decodeNt20(r: Reader): Position {
  r.skip(1 + 8 + 6);
  const position = readGps(r);
  const lbsLength = r.u8();
  withCell(position, readCellOfSize(r, Math.max(lbsLength - 1, 0)));
  const info = terminalInfo(r.u8());
  Object.assign(position, info.status);
  position.voltage = r.u16() / 100;
  const battery = batteryPercent(Math.floor(r.u8() / 10));
  if (battery !== undefined) position.batteryPercent = battery;
  return position;
}

/** 0x34 (X1, len 0x3C): data and alarm word, GPS, terminal word, odometer, cell, driver… */
function decodeX1(r: Reader): Position {
  r.skip(4);
  const position = readGps(r);
  r.skip(2); // terminal information
  position.mileageKm = r.u32() / 1000;
  withCell(position, readCellOfSize(r, 9));
  r.skip(4); // driver id
  r.skip(2); // backup battery V/100
  position.voltage = r.u16() / 100;
  return position;
}

/** 0xA2 from an LW4G (len 0x40): GPS, 4G cell, network, terminal info, power, battery… */
function decodeLw4g(r: Reader): { position: Position; alarms: AlarmType[] } {
  const position = readGps(r);
  withCell(position, readCell(r, true));
  r.skip(1); // network indicator
  const info = terminalInfo(r.u8());
  Object.assign(position, info.status);
  position.voltage = r.u16() / 100;
  const battery = batteryPercent(r.u8());
  if (battery !== undefined) position.batteryPercent = battery;
  r.skip(1); // RSSI
  const alarm = alarmOfByte(r.u8());
  r.skip(1); // language
  position.mileageKm = r.u32() / 1000;
  const alarms: AlarmType[] = [];
  if (alarm) alarms.push(alarm);
  if (info.alarm && !alarms.includes(info.alarm)) alarms.push(info.alarm);
  return { position, alarms };
}

/** 0x38: GPS, upload mode, re-upload, then a cell whose type says its widths, then modules. */
function decodeCellType(r: Reader): Position {
  const position = readGps(r);
  r.skip(1); // upload mode
  position.reupload = r.u8() === 1;
  const lte = r.u8() >= 3;
  withCell(position, readCell(r, lte));
  r.skip(lte ? 2 : 1); // RSSI
  readModules(r, position);
  return position;
}

/** The cell of 0x22-family reports: MNC width by MCC bit 15, a 4-byte cell id on Seeworld. */
function gpsUtcCell(r: Reader, seeworld: boolean): Cell | undefined {
  if (r.remaining < 8) return undefined;
  const twoByteMnc = (r.peek(1)[0]! & 0x80) !== 0;
  return readCellOfSize(r, twoByteMnc || seeworld ? 9 : 8);
}

/** A GPS-first report: a position, or an alarm with its position. */
export function decodeGpsReport(
  proto: number,
  content: Uint8Array,
  offsetMinutes: number,
): DecodedMessage {
  const r = new Reader(content);
  switch (proto) {
    case LOCATION.gpsUtc:
    case LOCATION.gpsUtc2:
    case LOCATION.gpsModules: {
      if (proto === LOCATION.gpsUtc && content.length === NT20_GPS_UTC)
        return { type: 'position', position: decodeNt20(r) };
      const position = readGps(r);
      withCell(position, gpsUtcCell(r, content.length === SEEWORLD_GPS_UTC));
      if (proto === LOCATION.gpsModules) {
        if (r.remaining >= 3) readUploadFields(new Reader(r.take(3)), position);
        readModules(r, position);
      } else readUploadFields(r, position);
      return { type: 'position', position };
    }
    case LOCATION.gps4g: {
      const position = readGps(r);
      if (r.remaining >= 15) withCell(position, readCell(r, true));
      readUploadFields(r, position);
      return { type: 'position', position };
    }
    case LOCATION.gpsLbsLong: {
      const position = readGps(r, offsetMinutes);
      // MCC 2, MNC 2, LAC 2, cell id 4 (Traccar MSG_GPS_LBS_6).
      if (r.remaining >= 10) {
        const [mcc, mnc, lac, cellId] = [r.u16() & 0x7fff, r.u16(), r.u16(), r.u32()];
        if (mcc !== 0) position.cells = [{ mcc, mnc, lac, cellId }];
      }
      return { type: 'position', position };
    }
    case LOCATION.x1Gps:
      return { type: 'position', position: decodeX1(r) };
    case LOCATION.lw4g: {
      const { position, alarms } = decodeLw4g(r);
      if (alarms.length === 0) return { type: 'position', position };
      position.alarms = alarms;
      return { type: 'alarm', alarms, position };
    }
    case LOCATION.gpsCellType:
      return { type: 'position', position: decodeCellType(r) };
    case LOCATION.sr411: {
      const position = readGps(r);
      withCell(position, readCell(r, false));
      position.acc = r.u8() > 0;
      position.voltage = r.u16() / 100;
      return { type: 'position', position };
    }
    default: {
      // 0x10, 0x12, 0x17, 0x1A, 0x1E, 0x2A, 0x31, 0x32, 0xA3: GPS, then (0x12, 0x17) a GSM cell;
      // the vendor fields after it are not read.
      const position = readGps(r, CLASSIC.has(proto) ? offsetMinutes : 0);
      if ((proto === LOCATION.gps || proto === LOCATION.lbsPhone) && r.remaining >= 8)
        withCell(position, readCell(r, false));
      return { type: 'position', position };
    }
  }
}

/** Protocol numbers of the v1.8 generation, whose times are in the device zone (§2.5 item 5). */
export const CLASSIC = new Set<number>([
  LOCATION.gpsOnly,
  LOCATION.gpsLbsLong,
  LOCATION.gps,
  ALARM.classic,
  LOCATION.gpsPhone,
  LOCATION.addressRequest,
]);

/** Content sizes that mark GPS-first protocol numbers otherwise used for other reports. */
export function isGpsReport(proto: number, content: Uint8Array, extended: boolean): boolean {
  switch (proto) {
    case LOCATION.lbsPhone:
      return content.length >= GPS_BLOCK && content.length !== LBS_PHONE;
    case LOCATION.sr411:
      return content.length === SR411_GPS;
    case LOCATION.x1Gps:
      return content.length === X1_GPS;
    case LOCATION.lw4g:
      return content.length === LW4G_GPS;
    case LOCATION.fenceSingle:
    case LOCATION.gpsLbsLong:
      return content.length >= GPS_BLOCK;
    case LOCATION.sl4xGpsStatus:
      return !extended;
    case LOCATION.gpsOnly:
    case LOCATION.gps:
    case LOCATION.gpsExtended:
    case LOCATION.gpsPhone:
    case LOCATION.addressRequest:
    case LOCATION.gpsUtc:
    case LOCATION.gpsUtc2:
    case LOCATION.gpsModules:
    case LOCATION.sl4xGps:
    case LOCATION.gpsCellType:
    case LOCATION.gps4g:
      return true;
    default:
      return false;
  }
}

/** Bytes after the status block, by alarm protocol: 0x26 mileage 4, 0x27 / 0xA4 fence 1. */
const TRAILERS: Record<number, number[]> = {
  [ALARM.classic]: [0],
  [ALARM.utc]: [0, 4],
  [ALARM.fences]: [1, 0],
  [ALARM.fences4g]: [1, 0],
};
const STATUS_BLOCK = 5;

/**
 * Where the status block of an alarm report starts. The LBS length byte is trusted when the bytes
 * after the status block then fit the protocol; vendors miscount it (0x26 with 8 for 9 bytes,
 * Seeworld 0x16 with a 4-byte cell id, 0 before 45 zero bytes), so otherwise the status block is
 * found from the end.
 */
function statusOffset(proto: number, content: Uint8Array): number {
  const trailers = TRAILERS[proto]!;
  const declared = GPS_BLOCK + Math.max(content[GPS_BLOCK] ?? 0, 1);
  if (trailers.includes(content.length - declared - STATUS_BLOCK)) return declared;
  const fits = trailers.find((t) => content.length - t - STATUS_BLOCK > GPS_BLOCK);
  return content.length - (fits ?? 0) - STATUS_BLOCK;
}

/**
 * 0x16 from a VXT01 (len 0x24): the cell without its length byte, and a status block whose
 * fourth byte is not the alarm byte; terminal bits 5-3 = 7 mean overspeed (Traccar).
 */
function decodeVxt01(r: Reader, position: Position): DecodedMessage {
  withCell(position, readCell(r, false));
  const info = terminalInfo(r.u8());
  Object.assign(position, info.status);
  const battery = batteryPercent(r.u8());
  if (battery !== undefined) position.batteryPercent = battery;
  const alarm = info.alarm === 'tearOff' ? 'overspeed' : info.alarm;
  if (!alarm) return { type: 'position', position };
  position.alarms = [alarm];
  return { type: 'alarm', alarms: [alarm], position };
}

/** 0x16 / 0x26 / 0x27 / 0xA4: GPS, LBS (length byte first), status, alarm, language, trailer. */
export function decodeAlarmReport(
  proto: number,
  content: Uint8Array,
  offsetMinutes: number,
): DecodedMessage {
  const r = new Reader(content);
  const position = readGps(r, proto === ALARM.classic ? offsetMinutes : 0);
  if (proto === ALARM.classic && content.length === VXT01_ALARM) return decodeVxt01(r, position);
  const statusAt = statusOffset(proto, content);
  if (statusAt > GPS_BLOCK + 1) {
    r.skip(1); // LBS length
    withCell(position, readCellOfSize(r, statusAt - GPS_BLOCK - 1));
  } else r.skip(statusAt - GPS_BLOCK);
  const { status, alarms } = readStatusWithAlarm(r);
  Object.assign(position, status);
  if (proto === ALARM.utc && r.remaining >= 4) position.mileageKm = r.u32() / 1000;
  if (alarms.length === 0) return { type: 'position', position };
  position.alarms = alarms;
  return { type: 'alarm', alarms, position };
}

/** 0x19 / 0xA5: a cell (GSM, or 4G on 0xA5), then status, alarm and language; no coordinates. */
export function decodeLbsAlarm(content: Uint8Array): {
  cells: Cell[];
  status: DeviceStatus;
  alarms: AlarmType[];
} {
  const r = new Reader(content);
  const cell = readCellOfSize(r, content.length - STATUS_BLOCK);
  const { status, alarms } = readStatusWithAlarm(r);
  return { cells: cell ? [cell] : [], status, alarms };
}
