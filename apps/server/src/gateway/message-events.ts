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
  /** The rows stored for the positions that passed the filter, in the messages' order. */
  positions: PositionInsert[];
  /** The decoded position of each stored row (the same index). */
  reported: Position[];
  /** The newest stored position of the message, when it moved the device. */
  newest?: PositionInsert;
  /** The earliest stored position older than the device's newest fix (a re-upload). */
  lateFrom?: number;
  /** Set when the message changed the device's status. */
  status?: DeviceStatus;
  at: number;
}

/** Where the events go (the gateway's bus). */
export interface EventSink {
  publish(event: GatewayEvent): void;
}

/** The row stored for a decoded position; undefined when the filter refused it. */
function rowOf(outcome: MessageOutcome, position: Position): PositionInsert | undefined {
  const index = outcome.reported.indexOf(position);
  return index < 0 ? undefined : outcome.positions[index];
}

function emitAlarm(
  outcome: MessageOutcome,
  sink: EventSink,
  alarms: AlarmType[] | undefined,
  position?: Position,
): void {
  if (!alarms || alarms.length === 0) return;
  const { deviceId, at } = outcome;
  const row = position && rowOf(outcome, position);
  sink.publish(
    row
      ? { type: 'alarm', deviceId, alarms, at, position: row }
      : { type: 'alarm', deviceId, alarms, at },
  );
}

function storedEvent({ deviceId, positions, lateFrom }: MessageOutcome): GatewayEvent {
  let from = Infinity;
  let to = -Infinity;
  for (const row of positions) {
    from = Math.min(from, row.fixTime);
    to = Math.max(to, row.fixTime);
  }
  return lateFrom === undefined
    ? { type: 'stored', deviceId, from, to }
    : { type: 'stored', deviceId, from, to, lateFrom };
}

/** The position when its facts are current: not a re-upload, not older than the device's newest. */
function currentFix(outcome: MessageOutcome, position: Position | undefined): Position | undefined {
  if (!position || position.reupload) return undefined;
  const row = rowOf(outcome, position);
  return row === undefined || row === outcome.newest ? position : undefined;
}

/** The relay and garrison state the message reports, the later winning; undefined when none. */
function switchesEvent(outcome: MessageOutcome): GatewayEvent | undefined {
  let cut: boolean | undefined;
  let armed: boolean | undefined;
  for (const m of outcome.messages) {
    const status: ReportedStatus | undefined =
      m.type === 'heartbeat' || m.type === 'status'
        ? m.status
        : m.type === 'position' || m.type === 'alarm'
          ? currentFix(outcome, m.position)
          : undefined;
    if (!status) continue;
    if (status.cut !== undefined) cut = status.cut;
    if (status.armed !== undefined) armed = status.armed;
  }
  const { deviceId } = outcome;
  if (cut === undefined)
    return armed === undefined ? undefined : { type: 'switches', deviceId, armed };
  return armed === undefined
    ? { type: 'switches', deviceId, cut }
    : { type: 'switches', deviceId, cut, armed };
}

/**
 * Publishes the events of one committed message: what was stored, status, newest position, the
 * reported relay and garrison state, alarms, network fixes, media packets.
 */
export function publishEvents(outcome: MessageOutcome, sink: EventSink): void {
  const { deviceId, at } = outcome;
  if (outcome.positions.length > 0) sink.publish(storedEvent(outcome));
  if (outcome.status) sink.publish({ type: 'status', deviceId, status: outcome.status, at });
  if (outcome.newest) sink.publish({ type: 'position', deviceId, position: outcome.newest });
  const switches = switchesEvent(outcome);
  if (switches) sink.publish(switches);
  for (const m of outcome.messages) {
    if (m.type === 'alarm') emitAlarm(outcome, sink, m.alarms, m.position);
    else if (m.type === 'position') emitAlarm(outcome, sink, m.position.alarms, m.position);
    else if (m.type === 'status') emitAlarm(outcome, sink, m.alarms);
    else if (m.type === 'mediaChunk') sink.publish({ type: 'media', deviceId, chunk: m });
    else if (m.type === 'networkFix') {
      sink.publish({
        type: 'networkFix',
        deviceId,
        fixTime: m.fixTime,
        cells: m.cells,
        wifi: m.wifi ?? [],
      });
    }
  }
}
