import type { DatabaseHandle } from '../../db/database.js';
import type { IngestStore } from './ingest-batch.js';
import { PostgresIngestStore } from './postgres-ingest-store.js';
import { SqliteIngestStore } from './sqlite-ingest-store.js';

export function createIngestStore({ db, sqlite }: DatabaseHandle): IngestStore {
  return sqlite ? new SqliteIngestStore(db, sqlite) : new PostgresIngestStore(db);
}
