import type { Db } from './types.js';

export class SmsRepository {
  constructor(private readonly db: Db) {}

  async createCode(values: {
    phoneNumber: string;
    code: string;
    ip: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('smsCodes')
      .values({ ...values, failedAttempts: 0 })
      .execute();
  }

  latestForPhone(phoneNumber: string) {
    return this.db
      .selectFrom('smsCodes')
      .selectAll()
      .where('phoneNumber', '=', phoneNumber)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countSince(by: { phoneNumber: string } | { ip: string }, since: number): Promise<number> {
    let query = this.db
      .selectFrom('smsCodes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('createdAt', '>=', since);
    query =
      'ip' in by ? query.where('ip', '=', by.ip) : query.where('phoneNumber', '=', by.phoneNumber);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Marks the code used; false when another request used it first. */
  async markUsed(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('smsCodes')
      .set({ usedAt: now })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordFailedAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('smsCodes')
      .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async addToOutbox(phoneNumber: string, message: string, createdAt: number): Promise<void> {
    await this.db.insertInto('smsOutbox').values({ phoneNumber, message, createdAt }).execute();
  }

  outbox(phoneNumber?: string, limit = 50) {
    let query = this.db.selectFrom('smsOutbox').selectAll().orderBy('id', 'desc').limit(limit);
    if (phoneNumber) query = query.where('phoneNumber', '=', phoneNumber);
    return query.execute();
  }
}
