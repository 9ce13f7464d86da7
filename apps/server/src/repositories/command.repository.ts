import type { Updateable } from 'kysely';
import type { CommandRow, CommandsTable } from '../db/schema.js';
import type { Db } from './types.js';

export class CommandRepository {
  constructor(private readonly db: Db) {}

  create(
    values: Omit<CommandRow, 'id' | 'sentAt' | 'answeredAt' | 'reference' | 'reply'>,
  ): Promise<CommandRow> {
    return this.db.insertInto('commands').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, values: Updateable<CommandsTable>): Promise<void> {
    await this.db.updateTable('commands').set(values).where('id', '=', id).execute();
  }

  findById(id: number): Promise<CommandRow | undefined> {
    return this.db.selectFrom('commands').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The commands waiting for each of these devices to connect, oldest first. */
  async queuedFor(deviceIds: number[]): Promise<Map<number, CommandRow[]>> {
    const queued = new Map(deviceIds.map((id) => [id, [] as CommandRow[]]));
    if (deviceIds.length === 0) return queued;
    const rows = await this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .where('state', '=', 'queued')
      .orderBy('id')
      .execute();
    for (const row of rows) queued.get(row.deviceId)?.push(row);
    return queued;
  }

  /** Queued commands past their expiry become unsent. */
  async expireQueued(now: number): Promise<void> {
    await this.db
      .updateTable('commands')
      .set({ state: 'done', result: 'unsent', answeredAt: now })
      .where('state', '=', 'queued')
      .where('expiresAt', '<=', now)
      .execute();
  }

  /** Sent commands still without a reply that were sent before `deadline`: they timed out. */
  async timeOutSentBefore(deadline: number, now: number): Promise<void> {
    await this.db
      .updateTable('commands')
      .set({ state: 'done', result: 'timeout', answeredAt: now })
      .where('state', '=', 'sent')
      .where((eb) => eb(eb.fn.coalesce('sentAt', 'createdAt'), '<=', deadline))
      .execute();
  }

  /** The commands sent to the device that wait for a reply, oldest first. */
  awaitingReply(deviceId: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('commands')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('state', '=', 'sent')
      .orderBy('id')
      .execute();
  }
}
