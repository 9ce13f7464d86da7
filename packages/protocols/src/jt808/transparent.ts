import type { AlarmType, Position } from '../types.js';
import { bcdTimeToUtc, readCoordinates, readFix } from './location.js';
import { ByteReader } from './reader.js';

/**
 * 0x0900 uplink pass-through, as Traccar's decodeTransparent reads the vendor payloads that carry
 * a fix: 0xF0 (OBD boxes: a time, then OBD data, DTCs or events, then status and coordinates),
 * 0xFF (time, signed coordinates, altitude, speed, course) and 0x53/0x54 (Jimi AL300/GL100 Bluetooth
 * tags and sensors after the 0x0200 fix layout). Undefined for the payloads without one.
 */
export function transparentPosition(body: Uint8Array): Position | undefined {
  const reader = new ByteReader(body);
  const type = reader.u8('pass-through type');
  switch (type) {
    case 0xf0:
      return obdPosition(reader);
    case 0xff: {
      const fixTime = bcdTimeToUtc(reader.take(6, 'time'));
      const latitude = signed32(reader.u32('latitude')) / 1e6;
      const longitude = signed32(reader.u32('longitude')) / 1e6;
      const altitude = (reader.u16('altitude') << 16) >> 16;
      return {
        fixTime,
        valid: true,
        latitude,
        longitude,
        altitude,
        speedKmh: reader.u16('speed') / 10,
        course: reader.u16('course'),
        lbsMode: 'gps',
      };
    }
    case 0x53:
    case 0x54:
      return readFix(reader);
    default:
      return undefined;
  }
}

const signed32 = (value: number): number => (value >= 0x80000000 ? value - 0x100000000 : value);

/** 0xF0 event ids (subtype 3) Traccar names as alarms. */
const OBD_ALARMS: Partial<Record<number, AlarmType>> = {
  0x02: 'powerCut',
  0x23: 'fatigue',
  0x25: 'overspeed',
};

function obdPosition(reader: ByteReader): Position | undefined {
  const fixTime = bcdTimeToUtc(reader.take(6, 'time'));
  const reupload = reader.u8('archive flag') > 0;
  reader.u8('vehicle type');
  const subtype = reader.u8('subtype');
  const alarms: AlarmType[] = [];
  if (subtype === 0x01) {
    const count = reader.u8('item count');
    for (let i = 0; i < count; i++) {
      reader.u16('item id');
      reader.take(reader.u8('item length'), 'item');
    }
  } else if (subtype === 0x02) {
    const systems = reader.u16('system count');
    for (let i = 0; i < systems; i++) {
      reader.u32('system id');
      const codes = reader.u16('code count');
      for (let j = 0; j < codes; j++) {
        reader.take(8, 'code');
        reader.take(reader.u16('code length'), 'code text');
      }
    }
  } else if (subtype === 0x03) {
    const count = reader.u8('event count');
    for (let i = 0; i < count; i++) {
      const alarm = OBD_ALARMS[reader.u8('event id')];
      reader.take(reader.u8('event length'), 'event');
      if (alarm && !alarms.includes(alarm)) alarms.push(alarm);
    }
  } else {
    return undefined;
  }
  const position = readCoordinates(reader, fixTime);
  if (reupload) position.reupload = true;
  if (alarms.length > 0) position.alarms = alarms;
  return position;
}
