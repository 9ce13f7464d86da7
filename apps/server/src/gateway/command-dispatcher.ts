import { findProtocol, type Command, type CommandOutcome } from '@xunji/protocols';
import type { Updateable } from 'kysely';
import type { EventBus } from '../bus/event-bus.js';
import type { Clock } from '../clock.js';
import type { ClusterNotice } from '../cluster/cluster-notice.js';
import type { CommandResult, CommandRow, CommandsTable } from '../db/schema.js';
import { carriesPersonalData, commandParam } from '../remote/command-params.js';
import { commandOf } from '../remote/command-view.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import type {
  DeviceReach,
  DeviceReachRepository,
} from '../repositories/device-reach.repository.js';
import { BatchLoader } from './batch-loader.js';
import type { LiveConnection, LiveSessions } from './live-sessions.js';

export interface DispatchOptions {
  userId?: number;
  /** Keep the command for an offline device and send it at its next login ("delayed delivery"). */
  queueIfOffline?: boolean;
}

/** Told of every change of a command: created, delivered (queued → sent), answered. */
export type CommandListener = (row: CommandRow) => void;

export interface DispatcherOptions {
  /** A sent command without a reply after this long is a timeout (ms). */
  replyTimeoutMs: number;
  /** A queued command not delivered after this long is unsent (ms). */
  queueTtlMs: number;
}

/**
 * What a dispatcher of several processes needs for the devices whose connection it does not hold:
 * the bus on which it announces their commands to the gateways (`commandQueued`), and the devices'
 * stored status and protocol. Without it (one process) a device not connected here is offline.
 */
export interface DispatcherCluster {
  notices: EventBus<ClusterNotice>;
  devices: Pick<DeviceReachRepository, 'reachOf'>;
}

/**
 * A command handed to the process holding its device's connection that none took within this
 * long (the device left meanwhile, or the notice was lost) waits for its next login instead.
 */
export const HAND_OVER_MS = 10_000;

type InitialState = Pick<CommandRow, 'state' | 'result'>;
/** To be written now, by this process or by the one holding the connection: "sent" to the user. */
const SENDING: InitialState = { state: 'sent', result: null };
const DELAYED: InitialState = { state: 'queued', result: 'delayedDelivery' };
const UNSUPPORTED: InitialState = { state: 'done', result: 'unsupported' };
const NOT_CONNECTED: InitialState = { state: 'done', result: 'notConnected' };

/**
 * Sends commands to devices and follows each to exactly one §4 result: succeeded / fail from the
 * device's reply; unsupported or paramError when the protocol cannot express it; notConnected or
 * delayedDelivery (then sent at the next login, or unsent when it expires) for an offline device;
 * timeout when no reply comes; noAnswer when the device leaves first; error when it cannot be written.
 * A command carrying personal data goes only to a connection that has proven itself: until the
 * device has one, it waits as if the device were offline (delayedDelivery, queued).
 *
 * In a cluster, a command for a device connected to another process is stored as sent without a
 * time of sending and announced; that process writes it (`deliverAnnounced`). A command is written
 * by whoever first takes it from unsent in the database, so it never goes out twice.
 */
export class CommandDispatcher {
  /** A fleet logging in at once asks for its waiting commands in a few queries. */
  private readonly unsent: BatchLoader<number, CommandRow[]>;
  /** And a fleet whose connections end at once (the gateway stops), for what awaits a reply. */
  private readonly awaitingReply: BatchLoader<number, CommandRow[]>;
  private readonly listeners = new Set<CommandListener>();

  constructor(
    private readonly commands: CommandRepository,
    private readonly sessions: LiveSessions,
    private readonly clock: Clock,
    private readonly options: DispatcherOptions,
    private readonly cluster?: DispatcherCluster,
  ) {
    this.unsent = new BatchLoader((deviceIds) => commands.unsentFor(deviceIds));
    this.awaitingReply = new BatchLoader((deviceIds) => commands.awaitingReplyFor(deviceIds));
  }

  /** Answers the function that unsubscribes. */
  onChange(listener: CommandListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async dispatch(
    deviceId: number,
    command: Command,
    options: DispatchOptions = {},
  ): Promise<CommandRow> {
    const [row] = await this.dispatchAll(deviceId, [command], options);
    return row!;
  }

  /**
   * Records the commands all at once (none when one is a second waiting command of its kind:
   * KindAlreadyWaiting), then sends them in order; answers each row as it is after.
   */
  async dispatchAll(
    deviceId: number,
    commands: Command[],
    options: DispatchOptions = {},
  ): Promise<CommandRow[]> {
    const now = this.clock.now();
    const states = await this.initialStates(deviceId, commands, options);
    const rows = await this.commands.createAll(
      commands.map((command, i) => ({
        deviceId,
        userId: options.userId ?? null,
        command: JSON.stringify(command),
        kind: commandParam(command).paramName,
        ...states[i]!,
        createdAt: now,
        expiresAt: now + this.options.queueTtlMs,
      })),
    );
    const after: CommandRow[] = [];
    for (const row of rows) {
      const sent = row.state === 'sent' ? await this.send(row) : undefined;
      if (!sent) this.changed(row);
      after.push(sent ?? row);
    }
    this.announce(deviceId, after);
    return after;
  }

  /**
   * A device logged in (or its connection became trusted): what waits for it is sent now (personal
   * data only to a trusted connection), or marked unsent if it waited too long.
   */
  async deviceConnected(deviceId: number): Promise<void> {
    await this.deliver((await this.unsent.load(deviceId)) ?? []);
  }

  /**
   * Another process stored these commands for the device: sent now if its connection is here. If
   * it is not, another process holds it or the device has gone; they wait for its next login.
   */
  async deliverAnnounced(deviceId: number, commandIds: number[]): Promise<void> {
    if (!this.sessions.connectionOf(deviceId)) return;
    await this.deliver(await this.commands.unsentAmong(commandIds));
  }

  /** Announcements may have been lost: every device connected here gets what waits for it. */
  async deliverToConnected(): Promise<void> {
    await Promise.all([...this.sessions.deviceIds()].map((id) => this.deviceConnected(id)));
  }

  /**
   * A device's connection ended: what still waits for its reply will not get one. Looked up in
   * batches: a gateway that stops ends every connection at once.
   */
  async deviceGone(deviceId: number): Promise<void> {
    for (const row of (await this.awaitingReply.load(deviceId)) ?? [])
      await this.finish(row.id, 'noAnswer');
  }

  /** A reply from the device, matched by its reference or else to the oldest command waiting. */
  async handleReply(
    deviceId: number,
    reply: { reference?: string; success: boolean; outcome?: CommandOutcome; text?: string },
  ): Promise<void> {
    const waiting = await this.commands.awaitingReply(deviceId);
    const row =
      waiting.find((r) => reply.reference !== undefined && r.reference === reply.reference) ??
      waiting[0];
    if (!row) return;
    await this.finish(row.id, reply.success ? 'succeeded' : (reply.outcome ?? 'fail'), reply.text);
  }

  /**
   * Expires queued commands, requeues handed-over ones nobody took, and times out sent ones
   * without a reply; run every few seconds. Three statements whatever the number of devices.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const expired = await this.commands.expireQueued(now);
    const requeued = await this.commands.requeueHandedOver(now - HAND_OVER_MS);
    const timedOut = await this.commands.timeOutSentBefore(now - this.options.replyTimeoutMs, now);
    for (const row of [...expired, ...requeued, ...timedOut]) this.changed(row);
  }

  /**
   * Sends what waits, in order, through the connections here. A handed-over command that cannot
   * go to the connection here (personal data, a connection not yet trusted) waits as queued.
   */
  private async deliver(rows: CommandRow[]): Promise<void> {
    for (const row of rows) {
      if (row.expiresAt <= this.clock.now())
        await this.settleUnsent(row.id, {
          state: 'done',
          result: 'unsent',
          answeredAt: this.clock.now(),
        });
      else if (!(await this.send(row)) && row.state === 'sent')
        await this.settleUnsent(row.id, DELAYED);
    }
  }

  /**
   * Encodes and writes a command if its connection is here and no one has written it; answers the
   * row as it is after, or undefined when it was not written here.
   */
  private async send(row: CommandRow): Promise<CommandRow | undefined> {
    const command = commandOf(row);
    const connection = this.connectionFor(row.deviceId, command);
    if (!connection) return undefined;
    const encoded = connection.protocol.encodeCommand(command, connection.session);
    if (!encoded.ok)
      return this.settleUnsent(row.id, {
        state: 'done',
        result: encoded.reason,
        reply: encoded.detail ?? null,
        answeredAt: this.clock.now(),
      });
    const sent = await this.commands.updateUnsent(row.id, {
      state: 'sent',
      result: null,
      reference: encoded.reference ?? null,
      sentAt: this.clock.now(),
    });
    if (!sent) return undefined;
    if (!connection.transport.write(encoded.bytes)) return this.finish(row.id, 'error');
    this.changed(sent);
    return sent;
  }

  /**
   * A new command is sent at once when its connection is here; queued for an offline device that
   * may wait, or for an online one whose connection has not yet proven itself for personal data.
   * In a cluster, a device connected elsewhere (by its stored status) is sent to by that process.
   */
  private async initialStates(
    deviceId: number,
    commands: Command[],
    options: DispatchOptions,
  ): Promise<InitialState[]> {
    const live = this.sessions.connectionOf(deviceId);
    const reach = live || !this.cluster ? undefined : await this.cluster.devices.reachOf(deviceId);
    return commands.map((command) => {
      if (live) {
        if (this.connectionFor(deviceId, command)) return SENDING;
        return live.protocol.supports(command) ? DELAYED : UNSUPPORTED;
      }
      if (reach) return this.stateElsewhere(reach, command, options);
      return options.queueIfOffline ? DELAYED : NOT_CONNECTED;
    });
  }

  private stateElsewhere(
    reach: DeviceReach,
    command: Command,
    options: DispatchOptions,
  ): InitialState {
    if (!findProtocol(reach.protocol)?.supports(command)) return UNSUPPORTED;
    if (reach.status === 'online') return SENDING;
    return options.queueIfOffline ? DELAYED : NOT_CONNECTED;
  }

  /** Tells the gateways what waits for a device whose connection is not here. */
  private announce(deviceId: number, rows: CommandRow[]): void {
    if (!this.cluster || this.sessions.connectionOf(deviceId)) return;
    const commandIds = rows.filter((row) => row.state !== 'done').map((row) => row.id);
    if (commandIds.length > 0)
      this.cluster.notices.publish({ type: 'commandQueued', deviceId, commandIds });
  }

  /** The connection a command may go to now: personal data only to a trusted one. */
  private connectionFor(deviceId: number, command: Command): LiveConnection | undefined {
    return carriesPersonalData(command)
      ? this.sessions.trustedConnectionOf(deviceId)
      : this.sessions.connectionOf(deviceId);
  }

  /** Changes a command not yet written (once in the cluster); answers it, or undefined if taken. */
  private async settleUnsent(
    id: number,
    values: Updateable<CommandsTable>,
  ): Promise<CommandRow | undefined> {
    const row = await this.commands.updateUnsent(id, values);
    if (row) this.changed(row);
    return row;
  }

  private async finish(
    id: number,
    result: CommandResult,
    reply?: string,
  ): Promise<CommandRow | undefined> {
    const row = await this.commands.update(id, {
      state: 'done',
      result,
      reply: reply ?? null,
      answeredAt: this.clock.now(),
    });
    if (row) this.changed(row);
    return row;
  }

  private changed(row: CommandRow): void {
    for (const listener of this.listeners) listener(row);
  }
}
