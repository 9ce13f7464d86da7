import type { Db } from './types.js';

export type DevOutboxChannel = 'voice' | 'wechat';

/** Messages the development delivery providers kept instead of sending them. */
export class DevOutboxRepository {
  constructor(private readonly db: Db) {}

  /** Answers the new row's id. */
  async add(values: {
    channel: DevOutboxChannel;
    recipient: string;
    body: string;
    createdAt: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('devOutbox')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Newest first. */
  list(filter: { channel?: DevOutboxChannel; recipient?: string } = {}, limit = 50) {
    let query = this.db.selectFrom('devOutbox').selectAll().orderBy('id', 'desc').limit(limit);
    if (filter.channel) query = query.where('channel', '=', filter.channel);
    if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
    return query.execute();
  }
}
