import type { Db } from './types.js';

export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  async create(id: string, answer: string, expiresAt: number): Promise<void> {
    await this.db.insertInto('captchas').values({ id, answer, expiresAt }).execute();
  }

  /** Removes the captcha and answers it: each one can be tried once. */
  async take(id: string): Promise<{ answer: string; expiresAt: number } | undefined> {
    return this.db
      .deleteFrom('captchas')
      .where('id', '=', id)
      .returning(['answer', 'expiresAt'])
      .executeTakeFirst();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expiresAt', '<', now).execute();
  }
}
