import type { Command, CommandOutcome } from '@xunji/protocols';
import type { Clock } from '../clock.js';
import type { CommandResult, CommandRow } from '../db/schema.js';
import { carriesPersonalData, commandParam } from '../remote/command-params.js';
import type { CommandRepository } from '../repositories/command.repository.js';
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
 * Sends commands to devices and follows each to exactly one §4 result: succeeded / fail from the
 * device's reply; unsupported or paramError when the protocol cannot express it; notConnected or
 * delayedDelivery (then sent at the next login, or unsent when it expires) for an offline device;
 * timeout when no reply comes; noAnswer when the device leaves first; error when it cannot be written.
 * A command carrying personal data goes only to a connection that has proven itself: until the
 * device has one, it waits as if the device were offline (delayedDelivery, queued).
 */
export class CommandDispatcher {
  /** A fleet logging in at once asks for its queued commands in a few queries. */
  private readonly queued: BatchLoader<number, CommandRow[]>;
  private readonly listeners = new Set<CommandListener>();

  constructor(
    private readonly commands: CommandRepository,
    private readonly sessions: LiveSessions,
    private readonly clock: Clock,
    private readonly options: DispatcherOptions,
  ) {
    this.queued = new BatchLoader((deviceIds) => commands.queuedFor(deviceIds));
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
    const rows = await this.commands.createAll(
      commands.map((command) => ({
        deviceId,
        userId: options.userId ?? null,
        command: JSON.stringify(command),
        kind: commandParam(command).paramName,
        ...this.initialState(deviceId, command, options),
        createdAt: now,
        expiresAt: now + this.options.queueTtlMs,
      })),
    );
    const after: CommandRow[] = [];
    for (const row of rows) {
      if (row.state === 'sent') after.push((await this.send(row)) ?? row);
      else {
        this.changed(row);
        after.push(row);
      }
    }
    return after;
  }

  /**
   * A device logged in (or its connection became trusted): what waits for it is sent now (personal
   * data only to a trusted connection), or marked unsent if it waited too long.
   */
  async deviceConnected(deviceId: number): Promise<void> {
    for (const row of (await this.queued.load(deviceId)) ?? []) {
      if (row.expiresAt <= this.clock.now()) await this.finish(row.id, 'unsent');
      else await this.send(row);
    }
  }

  /** A device's connection ended: what still waits for its reply will not get one. */
  async deviceGone(deviceId: number): Promise<void> {
    for (const row of await this.commands.awaitingReply(deviceId))
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
   * Times out sent commands without a reply and expires queued ones; run every few seconds. Two
   * statements whatever the number of connected devices.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const expired = await this.commands.expireQueued(now);
    const timedOut = await this.commands.timeOutSentBefore(now - this.options.replyTimeoutMs, now);
    for (const row of [...expired, ...timedOut]) this.changed(row);
  }

  /** Encodes and writes a command; answers the row as it is after. */
  private async send(row: CommandRow): Promise<CommandRow | undefined> {
    const command = JSON.parse(row.command) as Command;
    const connection = this.connectionFor(row.deviceId, command);
    if (!connection) return undefined;
    const encoded = connection.protocol.encodeCommand(command, connection.session);
    if (!encoded.ok) return this.finish(row.id, encoded.reason, encoded.detail);
    const sent = await this.commands.update(row.id, {
      state: 'sent',
      result: null,
      reference: encoded.reference ?? null,
      sentAt: this.clock.now(),
    });
    if (!connection.transport.write(encoded.bytes)) return this.finish(row.id, 'error');
    if (sent) this.changed(sent);
    return sent;
  }

  /**
   * A new command is sent at once when its connection is there; queued for an offline device that
   * may wait, or for an online one whose connection has not yet proven itself for personal data.
   */
  private initialState(
    deviceId: number,
    command: Command,
    options: DispatchOptions,
  ): Pick<CommandRow, 'state' | 'result'> {
    if (this.connectionFor(deviceId, command)) return { state: 'sent', result: null };
    const live = this.sessions.connectionOf(deviceId);
    if (live && !live.protocol.supports(command)) return { state: 'done', result: 'unsupported' };
    if (live || options.queueIfOffline) return { state: 'queued', result: 'delayedDelivery' };
    return { state: 'done', result: 'notConnected' };
  }

  /** The connection a command may go to now: personal data only to a trusted one. */
  private connectionFor(deviceId: number, command: Command): LiveConnection | undefined {
    return carriesPersonalData(command)
      ? this.sessions.trustedConnectionOf(deviceId)
      : this.sessions.connectionOf(deviceId);
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
