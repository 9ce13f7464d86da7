/**
 * GT06 status reports without a position (protocols.md §2.2.3, §2.2.8): the heartbeat 0x13 in
 * its vendor lengths, 0x23 (GK310), 0x36 (Jimi 4G), the short 0xA3 (Seeworld), and the
 * information transfer 0x94.
 */
import type { AlarmType, DecodedMessage, DeviceStatus } from '../types.js';
import { alarmOfByte, batteryPercent, gsmToSignal, readStatus, terminalInfo } from './fields.js';
import { Reader } from './reader.js';

/** 0x13 of len 0x13 (OBD6) and 0x15: these content sizes carry the long layout. */
const LONG_HEARTBEAT = new Set([0x13 - 5, 0x15 - 5]);

function heartbeatWith(status: DeviceStatus, alarms: (AlarmType | undefined)[]): DecodedMessage[] {
  const raised = [...new Set(alarms.filter((a): a is AlarmType => a !== undefined))];
  const heartbeat: DecodedMessage = { type: 'heartbeat', status };
  return raised.length > 0 ? [heartbeat, { type: 'alarm', alarms: raised }] : [heartbeat];
}

/**
 * 0x13: terminal info, voltage level, GSM level (3 bytes, or 5 with alarm/language, which the
 * heartbeat does not raise: vendors put voltages there). The long layout (Traccar OBD6 and the
 * 16-byte form): terminal info, satellites word, alarm, language, battery %, mode, voltage V/100.
 */
export function decodeHeartbeat(content: Uint8Array): DecodedMessage[] {
  const r = new Reader(content);
  if (!LONG_HEARTBEAT.has(content.length)) {
    const info = readStatus(r);
    return heartbeatWith(info.status, [info.alarm]);
  }
  const info = terminalInfo(r.u8());
  r.skip(2); // satellites / signal word
  const alarm = alarmOfByte(r.u8());
  r.skip(1); // language
  const battery = batteryPercent(r.u8());
  if (battery !== undefined) info.status.batteryPercent = battery;
  r.skip(1); // working mode
  info.status.voltage = r.u16() / 100;
  return heartbeatWith(info.status, [alarm, info.alarm]);
}

/** 0x23 (GK310): terminal info, battery voltage V/100, GSM level, language. */
export function decodeGk310Heartbeat(content: Uint8Array): DecodedMessage[] {
  const r = new Reader(content);
  const info = terminalInfo(r.u8());
  if (r.remaining >= 2) info.status.voltage = r.u16() / 100;
  const signal = r.remaining >= 1 ? gsmToSignal(r.u8()) : undefined;
  if (signal !== undefined) info.status.signal = signal;
  return heartbeatWith(info.status, [info.alarm]);
}

/** 0x36 (Jimi 4G): the 3-byte status, alarm, language, then modules (0x18 V/100, 0x6A %). */
export function decodeModularHeartbeat(content: Uint8Array): DecodedMessage[] {
  const r = new Reader(content);
  const info = readStatus(r);
  const alarm = alarmOfByte(r.u8());
  r.skip(1); // language
  while (r.remaining >= 3) {
    const type = r.u16();
    const value = new Reader(r.take(Math.min(r.u8(), r.remaining)));
    if (type === 0x18 && value.remaining >= 2) info.status.voltage = value.u16() / 100;
    if (type === 0x6a && value.remaining >= 1) info.status.batteryPercent = value.u8();
  }
  return heartbeatWith(info.status, [alarm, info.alarm]);
}

/** 0xA3 without GPS (Seeworld, len 0x0C): the 3-byte status first. */
export function decodeShortStatus(content: Uint8Array): DecodedMessage[] {
  const info = readStatus(new Reader(content));
  return heartbeatWith(info.status, [info.alarm]);
}

/**
 * 0x94 information transfer. In a 0x7979 frame a subtype comes first: 0x00 external voltage V/100,
 * 0x0B with two bytes a voltage; the others (status text, door, ICCID, fuel, RFID, temperature)
 * are not device facts of ours. In a 0x7878 frame (Traccar basic MSG_INFO): an optional driver id,
 * then the voltage V/100.
 */
export function decodeInfo(content: Uint8Array, extended: boolean): DecodedMessage {
  const r = new Reader(content);
  if (!extended) {
    if (content.length < 2) return { type: 'unknown', kind: 'info' };
    r.skip(content.length - 2);
    return { type: 'status', status: { voltage: r.i16() / 100 } };
  }
  const subtype = r.u8();
  if ((subtype === 0x00 && r.remaining >= 2) || (subtype === 0x0b && r.remaining === 2))
    return { type: 'status', status: { voltage: r.u16() / 100 } };
  return { type: 'unknown', kind: `info:${subtype.toString(16).padStart(2, '0')}` };
}
