import type { Db } from './types.js';

/** The latest wrong password per subject and address: how many places a subject is guessed from. */
export class LoginFailureRepository {
  constructor(private readonly db: Db) {}

  async record(subject: string, address: string, now: number): Promise<void> {
    await this.db
      .insertInto('loginFailures')
      .values({ subject, address, failedAt: now })
      .onConflict((oc) => oc.columns(['subject', 'address']).doUpdateSet({ failedAt: now }))
      .execute();
  }

  async countAddresses(subject: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('loginFailures')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('subject', '=', subject)
      .where('failedAt', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async clear(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    await this.db.deleteFrom('loginFailures').where('subject', 'in', subjects).execute();
  }

  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('failedAt', '<', before).execute();
  }
}
