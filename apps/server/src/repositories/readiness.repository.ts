import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';

/** What /api/ready asks of the database. */
export class ReadinessRepository {
  constructor(private readonly handle: DatabaseHandle) {}

  /** Resolves once the database has answered a query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.handle.db);
  }

  /** The migrations of this version the database has not run. */
  pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.handle);
  }
}
