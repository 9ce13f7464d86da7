import {
  DeviceState,
  compassDirection,
  deviceStateLabel,
  deviceStateOf,
  motionOf,
  MOTION_FRESH_MS,
  wgs84ToGcj02,
  type AlarmType,
  type LbsInfo,
  type LiveAlarmMessage,
  type LiveDeviceUpdate,
  type LiveServerMessage,
} from '@xunji/shared';
import { toAudioRecord } from '../audio/audio-record-view.js';
import { toCommandRecord } from '../remote/command-view.js';
import type { DeviceStatus } from '../db/schema.js';
import type { GatewayEvent } from '../gateway/gateway-events.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';

/**
 * What the live hub remembers of a device from earlier events: a status change says nothing of
 * the speed, and a position nothing of the status, yet both decide the motion and the label.
 */
export interface KnownDevice {
  status?: DeviceStatus | undefined;
  /** km/h of the newest fix. */
  speed?: number | null | undefined;
  /** Fix time of the newest fix. */
  locateTime?: number | undefined;
}

/** deviceState, the map label and the motion, by the §4 rules of @xunji/shared, at `now`. */
function stateFields(status: DeviceStatus, known: KnownDevice, now: number) {
  const deviceState = deviceStateOf(status);
  const fresh = known.locateTime !== undefined && now - known.locateTime <= MOTION_FRESH_MS;
  const motion = motionOf(known.speed, deviceState === DeviceState.ONLINE && fresh);
  return { deviceState, status: deviceStateLabel(deviceState, motion, 'map'), motion };
}

function positionUpdate(
  deviceId: number,
  p: PositionInsert,
  status: DeviceStatus,
): LiveDeviceUpdate {
  // Received at serverTime: a fix it carried from minutes ago speaks for then, not for now.
  const state = stateFields(status, { speed: p.speed, locateTime: p.fixTime }, p.serverTime);
  const gcj = wgs84ToGcj02({ latitude: p.latitude, longitude: p.longitude });
  const lbsInfo: Partial<LbsInfo> = {
    lon: p.longitude,
    lat: p.latitude,
    speed: p.speed,
    direction: p.course,
    lbsMode: p.lbsMode,
    motion: state.motion,
    locateTime: p.fixTime,
    lastAlive: p.serverTime,
  };
  // Facts a position may leave out keep their stored value (the state upsert's COALESCE).
  if (p.satellites !== null) lbsInfo.gnssCount = p.satellites;
  if (p.battery !== null) lbsInfo.battery = p.battery;
  if (p.acc !== null) lbsInfo.acc = p.acc;
  if (p.mileage !== null) lbsInfo.mileage = p.mileage;
  return {
    id: deviceId,
    ...state,
    lonWGS84: p.longitude,
    latWGS84: p.latitude,
    lon: gcj.longitude,
    lat: gcj.latitude,
    direction: p.course,
    dir: compassDirection(p.course),
    locateTime: p.fixTime,
    lbsInfo,
  };
}

/**
 * The Terminal fields an event determines, computed as GET /v2/terminal/{id} computes them from
 * the stored state; undefined for events that change no Terminal field (alarms, network fixes).
 *
 * A position means the device just spoke: without a known status it is online (the pipeline
 * publishes a status event before the position whenever the status changed). A status change
 * keeps the motion of the last known fix (speed, and fresh enough). Pure: the hub passes what it
 * remembers.
 */
export function toLiveUpdate(
  event: GatewayEvent,
  known: KnownDevice = {},
): LiveDeviceUpdate | undefined {
  if (event.type === 'position') {
    return positionUpdate(event.deviceId, event.position, known.status ?? 'online');
  }
  if (event.type === 'status') {
    const state = stateFields(event.status, known, event.at);
    const lbsInfo: Partial<LbsInfo> = { motion: state.motion };
    // Going offline is noticed later (idle, socket closed); it is no sign of life.
    if (event.status !== 'offline') lbsInfo.lastAlive = event.at;
    return { id: event.deviceId, ...state, lbsInfo };
  }
  return undefined;
}

/** What the hub remembers after the event. */
export function rememberEvent(event: GatewayEvent, known: KnownDevice = {}): KnownDevice {
  if (event.type === 'position') {
    const { speed, fixTime } = event.position;
    return { status: known.status ?? 'online', speed, locateTime: fixTime };
  }
  if (event.type === 'status') return { ...known, status: event.status };
  return known;
}

/** An alarm event as its socket message; undefined for other events. */
export function toLiveAlarm(event: GatewayEvent): LiveAlarmMessage | undefined {
  if (event.type !== 'alarmRaised') return undefined;
  const { alarm } = event;
  const message: LiveAlarmMessage = {
    type: 'alarm',
    deviceId: event.deviceId,
    alarmId: alarm.id,
    alarmType: alarm.alarmType as AlarmType,
    time: alarm.alarmTime,
  };
  if (alarm.fenceName !== null) message.fenceName = alarm.fenceName;
  if (alarm.beginLat !== null && alarm.beginLon !== null) {
    const gcj = wgs84ToGcj02({ latitude: alarm.beginLat, longitude: alarm.beginLon });
    message.lonWGS84 = alarm.beginLon;
    message.latWGS84 = alarm.beginLat;
    message.lon = gcj.longitude;
    message.lat = gcj.latitude;
  }
  return message;
}

/** The message of an event sent in order to each socket watching its device (not coalesced). */
export function toLiveMessage(event: GatewayEvent): LiveServerMessage | undefined {
  const { deviceId } = event;
  if (event.type === 'alarmRaised') return toLiveAlarm(event);
  if (event.type === 'command')
    return { type: 'command', deviceId, command: toCommandRecord(event.command) };
  if (event.type === 'recording')
    return { type: 'record', deviceId, record: toAudioRecord(event.record) };
  return undefined;
}
