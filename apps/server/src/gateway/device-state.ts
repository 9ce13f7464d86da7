import type { DecodedMessage, DeviceStatus as ReportedStatus } from '@xunji/protocols';
import type { DeviceStatus } from '../db/schema.js';
import type { DeviceStateUpsert, PositionInsert } from '../repositories/ingest/ingest-batch.js';

import { flag } from './position-row.js';

const reportsPowerOff = (messages: DecodedMessage[]) =>
  messages.some(
    (m) => (m.type === 'alarm' || m.type === 'status') && m.alarms?.includes('powerOff'),
  );

/** The facts of `top` where it reports them, else those of `base`. */
const overlay = (base: ReportedStatus, top: ReportedStatus): ReportedStatus => ({
  batteryPercent: top.batteryPercent ?? base.batteryPercent,
  charging: top.charging ?? base.charging,
  signal: top.signal ?? base.signal,
  voltage: top.voltage ?? base.voltage,
  acc: top.acc ?? base.acc,
  satellites: top.satellites ?? base.satellites,
});

/** What heartbeats, status messages and the newest position report, the later winning. */
function reportedFacts(messages: DecodedMessage[], newest: ReportedStatus | undefined) {
  let facts: ReportedStatus = {};
  for (const message of messages) {
    if ((message.type === 'heartbeat' || message.type === 'status') && message.status) {
      facts = overlay(facts, message.status);
    }
  }
  return newest ? overlay(facts, newest) : facts;
}

/** A device whose connection ended: offline, and nothing else known. */
export const offlineState = (deviceId: number, now: number): DeviceStateUpsert => ({
  deviceId,
  status: 'offline',
  updatedAt: now,
  lastAlive: null,
  locateTime: null,
  latitude: null,
  longitude: null,
  speed: null,
  course: null,
  valid: null,
  lbsMode: null,
  satellites: null,
  battery: null,
  charging: null,
  signal: null,
  voltage: null,
  acc: null,
  mileage: null,
});

/**
 * A device's state after one message: online (or shutdown when it reports power off), alive now,
 * its newest fix (when this message brought one) and the facts it reported.
 */
export function deviceStateOf(
  deviceId: number,
  messages: DecodedMessage[],
  now: number,
  newest: { row: PositionInsert; reported: ReportedStatus } | undefined,
  mileage: number | null,
): DeviceStateUpsert {
  const status: DeviceStatus = reportsPowerOff(messages) ? 'shutdown' : 'online';
  const facts = reportedFacts(messages, newest?.reported);
  const fix = newest?.row;
  return {
    deviceId,
    status,
    lastAlive: now,
    updatedAt: now,
    locateTime: fix?.fixTime ?? null,
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
    speed: fix?.speed ?? null,
    course: fix?.course ?? null,
    valid: fix?.valid ?? null,
    lbsMode: fix?.lbsMode ?? null,
    satellites: fix?.satellites ?? facts.satellites ?? null,
    battery: facts.batteryPercent ?? null,
    charging: flag(facts.charging),
    signal: facts.signal ?? null,
    voltage: facts.voltage ?? null,
    acc: flag(facts.acc),
    mileage,
  };
}

/**
 * Two states of one device, `later` received after `earlier`: status from the later, the fix
 * from whichever is newer, liveness and each fact from the later where it reports it. Written
 * into `earlier` (a state nobody else holds), so a device's messages between two writes cost no
 * new state each.
 */
export function mergeInto(earlier: DeviceStateUpsert, later: DeviceStateUpsert): void {
  if (
    later.locateTime !== null &&
    (earlier.locateTime === null || later.locateTime > earlier.locateTime)
  ) {
    earlier.locateTime = later.locateTime;
    earlier.latitude = later.latitude;
    earlier.longitude = later.longitude;
    earlier.speed = later.speed;
    earlier.course = later.course;
    earlier.valid = later.valid;
    earlier.lbsMode = later.lbsMode;
  }
  earlier.status = later.status;
  earlier.updatedAt = later.updatedAt;
  earlier.lastAlive = later.lastAlive ?? earlier.lastAlive;
  earlier.satellites = later.satellites ?? earlier.satellites;
  earlier.battery = later.battery ?? earlier.battery;
  earlier.charging = later.charging ?? earlier.charging;
  earlier.signal = later.signal ?? earlier.signal;
  earlier.voltage = later.voltage ?? earlier.voltage;
  earlier.acc = later.acc ?? earlier.acc;
  earlier.mileage = later.mileage ?? earlier.mileage;
}

/** The two states merged (see mergeInto), neither changed. */
export function mergeStates(
  earlier: DeviceStateUpsert,
  later: DeviceStateUpsert,
): DeviceStateUpsert {
  const merged = { ...earlier };
  mergeInto(merged, later);
  return merged;
}
