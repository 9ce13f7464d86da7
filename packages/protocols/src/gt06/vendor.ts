/**
 * Vendor reports of the GT06 family that Traccar decodes by protocol number (Gt06ProtocolDecoder):
 * - 0x95 (JC100 / JC400 dashcams): an event, with a position in the long form;
 * - 0x70 (0x7979): a list of modules, one of which (0x33) may be a position;
 * - 0x32 / 0x33 in 0x7979 frames (AZ735): time, a GPS block and a cell each behind a length byte,
 *   then a status byte (0x33: arm / disarm / alarms).
 */
import type { AlarmType, Cell, DecodedMessage, DeviceStatus, Position } from '../types.js';
import { applyCourseWord, readCoordinates, readTime } from './fields.js';
import { Reader } from './reader.js';

/** 0x95 event codes (Traccar); other codes are an unnamed alarm. */
const DASHCAM_EVENT: Record<number, AlarmType> = {
  0x0e: 'lowBattery',
  0x80: 'vibration',
  0x87: 'overspeed',
  0x88: 'powerCut',
};
/** The short 0x95: date, event, event data. */
const DASHCAM_SHORT = 9;
const JC400_MARKER = 0xffff;

function withAlarms(position: Position | undefined, alarms: AlarmType[]): DecodedMessage {
  if (!position) return { type: 'alarm', alarms };
  position.alarms = alarms;
  return { type: 'alarm', alarms, position };
}

/**
 * 0x95. Short: date, event, [event data]. Long: date, lat, lon, course/status, event…; on the
 * JC400 (content starting FFFF + version) the GPS block also has satellites and a 2-byte speed
 * after the course word, then the power V/10.
 */
export function decodeDashcamAlarm(content: Uint8Array, offsetMinutes: number): DecodedMessage {
  const r = new Reader(content);
  let position: Position | undefined;
  if (content.length <= DASHCAM_SHORT) {
    readTime(r, offsetMinutes);
  } else if (new Reader(r.peek(2)).u16() === JC400_MARKER) {
    r.skip(3);
    const fixTime = readTime(r);
    const satellites = r.u8() & 0x0f;
    position = readCoordinates(r, fixTime);
    applyCourseWord(position, r.u16());
    position.speedKmh = r.u16();
    position.satellites = satellites;
    position.voltage = r.u16() / 10;
  } else {
    position = readCoordinates(r, readTime(r, offsetMinutes));
    applyCourseWord(position, r.u16());
  }
  const event = r.u8();
  const alarm = event === 0x01 && position ? 'sos' : (DASHCAM_EVENT[event] ?? 'other');
  return withAlarms(position, [alarm]);
}

/** 0x70 module 0x2B events (Traccar). */
const MODULE_EVENT: Record<number, AlarmType> = {
  0x11: 'lowBattery',
  0x12: 'lowBattery',
  0x13: 'powerCut',
  0x14: 'tearOff',
};

/** Module 0x33: epoch time 4, satellites 1, altitude 2, lat 4, lon 4, speed 1, course word 2. */
const MODULE_GPS = 18;

/** 0x70: modules of type 2, length 2, value; 0x33 epoch time, satellites, altitude, GPS. */
export function decodeModular(content: Uint8Array): DecodedMessage {
  const r = new Reader(content);
  const status: DeviceStatus = {};
  const alarms: AlarmType[] = [];
  let position: Position | undefined;
  while (r.remaining >= 4) {
    const type = r.u16();
    const value = new Reader(r.take(Math.min(r.u16(), r.remaining)));
    if (type === 0x33 && value.remaining >= MODULE_GPS) {
      const fixTime = value.u32() * 1000;
      const satellites = value.u8();
      const altitude = value.i16();
      position = readCoordinates(value, fixTime);
      position.speedKmh = value.u8();
      applyCourseWord(position, value.u16());
      Object.assign(position, { satellites, altitude });
    } else if (type === 0x18 && value.remaining >= 2) status.voltage = value.u16() / 100;
    else if (type === 0x2b && value.remaining >= 1) {
      const alarm = MODULE_EVENT[value.u8()];
      if (alarm) alarms.push(alarm);
    }
  }
  if (position) {
    Object.assign(position, status);
    return alarms.length > 0 ? withAlarms(position, alarms) : { type: 'position', position };
  }
  return alarms.length > 0 ? { type: 'status', status, alarms } : { type: 'status', status };
}

/** 0x33 status byte (AZ735). */
const AZ735_STATUS: Record<number, { armed?: boolean; alarm?: AlarmType }> = {
  0xa0: { armed: true },
  0xa1: { armed: false },
  0xa2: { alarm: 'lowBattery' },
  0xa3: { alarm: 'lowBattery' },
  0xa4: { alarm: 'other' },
  0xa5: { alarm: 'other' }, // door
};

/** 0x32 / 0x33 in a 0x7979 frame (AZ735). */
export function decodeAz735(proto: number, content: Uint8Array): DecodedMessage {
  const r = new Reader(content);
  const fixTime = readTime(r);
  let position: Position | undefined;
  if (r.u8() > 0) {
    const satellites = r.u8() & 0x0f;
    position = readCoordinates(r, fixTime);
    position.speedKmh = r.u8();
    applyCourseWord(position, r.u16());
    position.satellites = satellites;
  }
  const cells: Cell[] = [];
  if (r.u8() > 0) {
    const [mcc, mnc, lac, cellId, rssi] = [r.u16(), r.u8(), r.u16(), r.u24(), r.u8()];
    if (mcc !== 0) cells.push({ mcc, mnc, lac, cellId, rssi });
  }
  r.skip(r.u8()); // more cells
  r.skip(r.u8()); // Wi-Fi access points
  const state = proto === 0x33 ? AZ735_STATUS[r.u8()] : undefined;
  if (position) {
    if (cells.length > 0) position.cells = cells;
    if (state?.armed !== undefined) position.armed = state.armed;
    return state?.alarm ? withAlarms(position, [state.alarm]) : { type: 'position', position };
  }
  if (state?.alarm) return { type: 'alarm', alarms: [state.alarm] };
  if (state?.armed !== undefined) return { type: 'status', status: { armed: state.armed } };
  return { type: 'networkFix', fixTime, cells };
}
