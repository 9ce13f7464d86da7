import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';

/** The advisory lock key of start-up (migrating and seeding), apart from Kysely's own. */
const STARTUP_LOCK = sql`hashtext('xunji:startup')`;

/**
 * Runs `work` while this process holds PostgreSQL's start-up lock, so that processes started
 * together on one database migrate and seed one after another (the second finds it all done).
 * A session-level lock on one connection of its own: a process that dies lets go with it.
 * SQLite is one process's file: no lock.
 */
export async function withStartupLock<T>(
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
