import type { Db } from './types.js';

/** Consecutive wrong passwords per subject (`user:ID` or `device:ID`) and the lock they cause. */
export class LoginFailureRepository {
  constructor(private readonly db: Db) {}

  find(subject: string) {
    return this.db
      .selectFrom('loginFailures')
      .selectAll()
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  async save(subject: string, failures: number, lockedUntil: number | null): Promise<void> {
    await this.db
      .insertInto('loginFailures')
      .values({ subject, failures, lockedUntil })
      .onConflict((oc) => oc.column('subject').doUpdateSet({ failures, lockedUntil }))
      .execute();
  }

  async clear(subject: string): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('subject', '=', subject).execute();
  }
}
