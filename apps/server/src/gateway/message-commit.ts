import type { DecodedMessage, Position } from '@xunji/protocols';
import type { DeviceStatus } from '../db/schema.js';
import type { NetworkFixInsert, PositionInsert } from '../repositories/ingest/ingest-batch.js';
import type { CommitListener, Writes } from './batch-writer.js';
import type { DeviceSnapshot } from './device-snapshots.js';
import type { GatewayEvents } from './gateway-events.js';
import { publishEvents, type MessageOutcome } from './message-events.js';

/** Told once a message is committed (with the positions it stored), or that it was not. */
export interface MessageListener {
  stored(positions: number): void;
  failed(error: unknown): void;
}

/**
 * One message on its way to the store, as one object: what it writes, what it taught (the
 * outcome its events are made of) and who hears of its commit. Thousands a second go through the
 * gateway, each alive until its batch commits: one object instead of a writes object, a map,
 * arrays and closures per message keeps the young generation's collections rarer and smaller.
 */
export class MessageCommit implements Writes, CommitListener, MessageOutcome {
  positions: PositionInsert[] = [];
  reported: Position[] = [];
  snapshots: DeviceSnapshot[] | undefined = undefined;
  networkFixes: NetworkFixInsert[] | undefined = undefined;
  newest: PositionInsert | undefined = undefined;
  lateFrom: number | undefined = undefined;
  status: DeviceStatus | undefined = undefined;

  constructor(
    readonly deviceId: number,
    readonly messages: DecodedMessage[],
    readonly at: number,
    private readonly listener: MessageListener,
    private readonly events: GatewayEvents,
    /** What the pipeline forgets of the device when the commit failed. */
    private readonly forget: (deviceId: number) => void,
  ) {}

  /** A position that passed the filter, stored as `row`. */
  store(position: Position, row: PositionInsert): void {
    if (this.positions.length === 0) {
      // Most messages store one position: arrays of one, not grown by a push to seventeen.
      this.positions = [row];
      this.reported = [position];
    } else {
      this.positions.push(row);
      this.reported.push(position);
    }
  }

  committed(): void {
    if (this.events.active) publishEvents(this, this.events);
    this.listener.stored(this.positions.length);
  }

  failed(error: unknown): void {
    // What was not stored is sent again by the device: forget what this message taught.
    this.forget(this.deviceId);
    this.listener.failed(error);
  }
}
