import type { Command, CommandOutcome } from '@xunji/protocols';
import type { Clock } from '../clock.js';
import type { CommandResult, CommandRow } from '../db/schema.js';
import { commandParam } from '../remote/command-params.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import { BatchLoader } from './batch-loader.js';
import type { LiveSessions } from './live-sessions.js';

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
    const online = this.sessions.connectionOf(deviceId) !== undefined;
    const rows = await this.commands.createAll(
      commands.map((command) => ({
        deviceId,
        userId: options.userId ?? null,
        command: JSON.stringify(command),
        kind: commandParam(command).paramName,
        state: online ? 'sent' : options.queueIfOffline ? 'queued' : 'done',
        result: online ? null : options.queueIfOffline ? 'delayedDelivery' : 'notConnected',
        createdAt: now,
        expiresAt: now + this.options.queueTtlMs,
      })),
    );
    const after: CommandRow[] = [];
    for (const row of rows) {
      if (online) after.push((await this.send(row)) ?? row);
      else {
        this.changed(row);
        after.push(row);
      }
    }
    return after;
  }

  /** A device logged in: what waits for it is sent now, or marked unsent if it waited too long. */
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
    const connection = this.sessions.connectionOf(row.deviceId);
    if (!connection) return undefined;
    const encoded = connection.protocol.encodeCommand(
      JSON.parse(row.command) as Command,
      connection.session,
    );
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
