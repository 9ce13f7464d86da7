import type { DecodedMessage, DeviceStatus as ReportedStatus } from '@xunji/protocols';
import type { DeviceStateUpsert, PositionInsert } from '../repositories/ingest/ingest-batch.js';
import { flag } from './position-row.js';

const reportsPowerOff = (messages: DecodedMessage[]) =>
  messages.some(
    (m) => (m.type === 'alarm' || m.type === 'status') && m.alarms?.includes('powerOff'),
  );

type Fact = 'batteryPercent' | 'charging' | 'signal' | 'voltage' | 'acc' | 'satellites';

/**
 * A fact as the message reports it: from its newest position, else from the last heartbeat or
 * status message that reports it; undefined when none does.
 */
function reported<K extends Fact>(
  messages: DecodedMessage[],
  newest: ReportedStatus | undefined,
  fact: K,
): ReportedStatus[K] | undefined {
  const fromFix = newest?.[fact];
  if (fromFix !== undefined) return fromFix;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.type !== 'heartbeat' && message.type !== 'status') continue;
    const value = message.status?.[fact];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A device's state before any message: offline, and nothing known. */
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

type FixFields = Pick<
  DeviceStateUpsert,
  'latitude' | 'longitude' | 'speed' | 'course' | 'valid' | 'lbsMode'
>;

/** The fix taken at `time` becomes the state's when it is newer than the state's own. */
function takeNewerFix(state: DeviceStateUpsert, time: number, fix: FixFields): void {
  if (state.locateTime !== null && time <= state.locateTime) return;
  state.locateTime = time;
  state.latitude = fix.latitude;
  state.longitude = fix.longitude;
  state.speed = fix.speed;
  state.course = fix.course;
  state.valid = fix.valid;
  state.lbsMode = fix.lbsMode;
}

/**
 * One message's effect on a device's state, written into `state` (held for the device, nobody
 * else's): online (or shutdown when it reports power off), alive now, its newest fix when that is
 * newer than the state's, and each fact it reports. No object per message: a fleet sends
 * thousands a second.
 */
export function applyMessage(
  state: DeviceStateUpsert,
  messages: DecodedMessage[],
  now: number,
  /** The message's newest stored position, and the decoded one it was made of. */
  fix: PositionInsert | undefined,
  reportedBy: ReportedStatus | undefined,
  mileage: number | null,
): void {
  if (fix) takeNewerFix(state, fix.fixTime, fix);
  state.status = reportsPowerOff(messages) ? 'shutdown' : 'online';
  state.updatedAt = now;
  state.lastAlive = now;
  state.satellites =
    fix?.satellites ?? reported(messages, reportedBy, 'satellites') ?? state.satellites;
  state.battery = reported(messages, reportedBy, 'batteryPercent') ?? state.battery;
  state.charging = flag(reported(messages, reportedBy, 'charging')) ?? state.charging;
  state.signal = reported(messages, reportedBy, 'signal') ?? state.signal;
  state.voltage = reported(messages, reportedBy, 'voltage') ?? state.voltage;
  state.acc = flag(reported(messages, reportedBy, 'acc')) ?? state.acc;
  state.mileage = mileage ?? state.mileage;
}

/** The device's connection ended: offline now, the rest as it was last known. */
export function applyOffline(state: DeviceStateUpsert, now: number): void {
  state.status = 'offline';
  state.updatedAt = now;
}

/**
 * Two states of one device, `later` received after `earlier`: status from the later, the fix
 * from whichever is newer, liveness and each fact from the later where it reports it. Written
 * into `earlier`.
 */
function mergeInto(earlier: DeviceStateUpsert, later: DeviceStateUpsert): void {
  if (later.locateTime !== null) takeNewerFix(earlier, later.locateTime, later);
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

/** The two states merged (see mergeInto), neither changed; one state merged with itself is itself. */
export function mergeStates(
  earlier: DeviceStateUpsert,
  later: DeviceStateUpsert,
): DeviceStateUpsert {
  if (earlier === later) return later;
  const merged = { ...earlier };
  mergeInto(merged, later);
  return merged;
}
