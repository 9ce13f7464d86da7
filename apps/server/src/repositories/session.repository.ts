import type { Insertable } from 'kysely';
import type { SessionRow, SessionsTable } from '../db/schema.js';
import type { Db } from './types.js';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async extend(id: string, expiresAt: number): Promise<void> {
    await this.db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).execute();
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: now })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: now })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
  }
}
