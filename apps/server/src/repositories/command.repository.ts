import type { Expression, ExpressionBuilder, SqlBool, Updateable } from 'kysely';
import type { CommandRow, CommandsTable, Database } from '../db/schema.js';
import type { Db } from './types.js';
import { violatesUniqueIndex } from './unique-violation.js';

export type NewCommand = Omit<CommandRow, 'id' | 'sentAt' | 'answeredAt' | 'reference' | 'reply'>;

/** A command of a kind that already waits for the device (queued or sent) was refused. */
export class KindAlreadyWaiting extends Error {
  constructor() {
    super('a command of this kind already waits for the device');
  }
}

/** The partial unique index of migration 0015. */
const violatesOneWaitingPerKind = (error: unknown) =>
  violatesUniqueIndex(error, 'commands_one_waiting_per_kind', 'commands.device_id, commands.kind');

/**
 * Not yet written to the device: queued, or handed to the process holding its connection (sent,
 * without a time of sending yet). Leaving this state is conditional on it, so that of two
 * gateways, or of a login and a notice, only one writes a command.
 */
export const isUnsentCommand = (eb: ExpressionBuilder<Database, 'commands'>) =>
  eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sent'), eb('sentAt', 'is', null)])]);

/** Written to its device, which has not answered yet. */
const isAwaitingReply = (eb: ExpressionBuilder<Database, 'commands'>) =>
  eb.and([eb('state', '=', 'sent'), eb('sentAt', 'is not', null)]);

export class CommandRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the commands in one statement, in order: all or none. Throws KindAlreadyWaiting
   * when one would be a second waiting command of its kind for its device.
   */
  async createAll(values: NewCommand[]): Promise<CommandRow[]> {
    try {
      const rows = await this.db.insertInto('commands').values(values).returningAll().execute();
      return rows.sort((a, b) => a.id - b.id);
    } catch (error) {
      throw violatesOneWaitingPerKind(error) ? new KindAlreadyWaiting() : error;
    }
  }

  update(id: number, values: Updateable<CommandsTable>): Promise<CommandRow | undefined> {
    return this.db
      .updateTable('commands')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  findById(id: number): Promise<CommandRow | undefined> {
    return this.db.selectFrom('commands').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Changes a command only while it is unsent; answers it as it is after, or undefined when it was
   * sent (or done) meanwhile.
   */
  updateUnsent(id: number, values: Updateable<CommandsTable>): Promise<CommandRow | undefined> {
    return this.db
      .updateTable('commands')
      .set(values)
      .where('id', '=', id)
      .where(isUnsentCommand)
      .returningAll()
      .executeTakeFirst();
  }

  /** The commands not yet written to each of these devices, oldest first. */
  unsentFor(deviceIds: number[]): Promise<Map<number, CommandRow[]>> {
    return this.ofDevices(deviceIds, isUnsentCommand);
  }

  /** The commands written to each of these devices that wait for its reply, oldest first. */
  awaitingReplyFor(deviceIds: number[]): Promise<Map<number, CommandRow[]>> {
    return this.ofDevices(deviceIds, isAwaitingReply);
  }

  /** Each device's commands that `filter` selects, oldest first (an empty list for none). */
  private async ofDevices(
    deviceIds: number[],
    filter: (eb: ExpressionBuilder<Database, 'commands'>) => Expression<SqlBool>,
  ): Promise<Map<number, CommandRow[]>> {
    const commandsOf = new Map(deviceIds.map((id) => [id, [] as CommandRow[]]));
    if (deviceIds.length === 0) return commandsOf;
    const rows = await this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .where(filter)
      .orderBy('id')
      .execute();
    for (const row of rows) commandsOf.get(row.deviceId)?.push(row);
    return commandsOf;
  }

  /** Those of these commands not yet written to their device, oldest first. */
  unsentAmong(ids: number[]): Promise<CommandRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('id', 'in', ids)
      .where(isUnsentCommand)
      .orderBy('id')
      .execute();
  }

  /**
   * Commands handed to the process holding their device's connection before `before` that no
   * process took: they wait for the device's next login (delayed delivery); answers them.
   */
  requeueHandedOver(before: number): Promise<CommandRow[]> {
    return this.db
      .updateTable('commands')
      .set({ state: 'queued', result: 'delayedDelivery' })
      .where('state', '=', 'sent')
      .where('sentAt', 'is', null)
      .where('createdAt', '<=', before)
      .returningAll()
      .execute();
  }

  /** Queued commands past their expiry become unsent; answers them. */
  expireQueued(now: number): Promise<CommandRow[]> {
    return this.db
      .updateTable('commands')
      .set({ state: 'done', result: 'unsent', answeredAt: now })
      .where('state', '=', 'queued')
      .where('expiresAt', '<=', now)
      .returningAll()
      .execute();
  }

  /** Sent commands still without a reply that were sent before `deadline` timed out; answers them. */
  timeOutSentBefore(deadline: number, now: number): Promise<CommandRow[]> {
    return this.db
      .updateTable('commands')
      .set({ state: 'done', result: 'timeout', answeredAt: now })
      .where('state', '=', 'sent')
      .where('sentAt', '<=', deadline)
      .returningAll()
      .execute();
  }

  /** The commands written to the device that wait for its reply, oldest first. */
  awaitingReply(deviceId: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where(isAwaitingReply)
      .orderBy('id')
      .execute();
  }

  /** The device's commands not done yet (queued or sent), oldest first. */
  unfinished(deviceId: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('state', '!=', 'done')
      .orderBy('id')
      .execute();
  }

  /** The device's latest command of a kind. */
  latestOf(deviceId: number, kind: string): Promise<CommandRow | undefined> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A page of the device's commands sent since `since`, newest first, and how many they are. */
  async page(
    deviceId: number,
    since: number,
    page: number,
    limit: number,
  ): Promise<{ list: CommandRow[]; count: number }> {
    const ofDevice = this.db
      .selectFrom('commands')
      .where('deviceId', '=', deviceId)
      .where('createdAt', '>=', since);
    const [list, total] = await Promise.all([
      ofDevice
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      ofDevice
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list, count: Number(total.count) };
  }
}
