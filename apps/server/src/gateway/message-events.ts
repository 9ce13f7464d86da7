import type {
  AlarmType,
  DecodedMessage,
  Position,
  DeviceStatus as ReportedStatus,
} from '@xunji/protocols';
import type { DeviceStatus } from '../db/schema.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';
import type { GatewayEvent } from './gateway-events.js';

export interface MessageOutcome {
  deviceId: number;
  messages: DecodedMessage[];
  /** The row stored for each position that passed the filter. */
  stored: Map<Position, PositionInsert>;
  /** The newest stored position of the message, when it moved the device. */
  newest?: PositionInsert;
  /** The earliest stored position older than the device's newest fix (a re-upload). */
  lateFrom?: number;
  /** Set when the message changed the device's status. */
  status?: DeviceStatus;
  at: number;
}

function alarmEvent(
  outcome: MessageOutcome,
  alarms: AlarmType[] | undefined,
  position?: Position,
): GatewayEvent[] {
  if (!alarms || alarms.length === 0) return [];
  const row = position && outcome.stored.get(position);
  return [
    {
      type: 'alarm',
      deviceId: outcome.deviceId,
      alarms,
      at: outcome.at,
      ...(row ? { position: row } : {}),
    },
  ];
}

function storedEvent({ deviceId, stored, lateFrom }: MessageOutcome): GatewayEvent {
  let from = Infinity;
  let to = -Infinity;
  for (const row of stored.values()) {
    from = Math.min(from, row.fixTime);
    to = Math.max(to, row.fixTime);
  }
  return lateFrom === undefined
    ? { type: 'stored', deviceId, from, to }
    : { type: 'stored', deviceId, from, to, lateFrom };
}

/** A position's facts are current unless it is a re-upload or older than the device's newest. */
function isCurrent({ stored, newest }: MessageOutcome, position: Position): boolean {
  const row = stored.get(position);
  return !position.reupload && (row === undefined || row === newest);
}

/** The relay and garrison state the message reports, the later winning; undefined when none. */
function switchesEvent(outcome: MessageOutcome): GatewayEvent | undefined {
  let reported: Pick<ReportedStatus, 'cut' | 'armed'> | undefined;
  const take = (status: ReportedStatus | undefined) => {
    if (status?.cut !== undefined) reported = { ...reported, cut: status.cut };
    if (status?.armed !== undefined) reported = { ...reported, armed: status.armed };
  };
  for (const m of outcome.messages) {
    if (m.type === 'heartbeat' || m.type === 'status') take(m.status);
    const position = m.type === 'position' ? m.position : m.type === 'alarm' ? m.position : null;
    if (position && isCurrent(outcome, position)) take(position);
  }
  return reported && { type: 'switches', deviceId: outcome.deviceId, ...reported };
}

/**
 * The events one committed message publishes: what was stored, status, newest position, the
 * reported relay and garrison state, alarms, network fixes, media packets.
 */
export function eventsOf(outcome: MessageOutcome): GatewayEvent[] {
  const { deviceId, at } = outcome;
  const events: GatewayEvent[] = [];
  if (outcome.stored.size > 0) events.push(storedEvent(outcome));
  if (outcome.status) events.push({ type: 'status', deviceId, status: outcome.status, at });
  if (outcome.newest) events.push({ type: 'position', deviceId, position: outcome.newest });
  const switches = switchesEvent(outcome);
  if (switches) events.push(switches);
  for (const m of outcome.messages) {
    if (m.type === 'alarm') events.push(...alarmEvent(outcome, m.alarms, m.position));
    else if (m.type === 'position')
      events.push(...alarmEvent(outcome, m.position.alarms, m.position));
    else if (m.type === 'status') events.push(...alarmEvent(outcome, m.alarms));
    else if (m.type === 'mediaChunk') events.push({ type: 'media', deviceId, chunk: m });
    else if (m.type === 'networkFix') {
      events.push({
        type: 'networkFix',
        deviceId,
        fixTime: m.fixTime,
        cells: m.cells,
        wifi: m.wifi ?? [],
      });
    }
  }
  return events;
}
