import { sql } from 'kysely';
import { ensurePositionPartitions } from '../../db/position-partitions.js';
import type { Db } from '../types.js';
import {
  FRAME_COLUMNS,
  frameConflict,
  names,
  POSITION_COLUMNS,
  SAME_FIX_CONFLICT,
  NETWORK_FIX_COLUMNS,
  STATE_COLUMNS,
  STATE_CONFLICT,
  type Column,
  type IngestBatch,
  type IngestStore,
} from './ingest-batch.js';

/** One statement for any number of rows: one array parameter per column, unnested. */
function insertUnnest<Row>(
  db: Db,
  table: string,
  columns: Column<Row>[],
  rows: Row[],
  conflict: string,
) {
  const arrays = columns.map((c) => sql`${rows.map((row) => row[c.key])}::${sql.raw(c.pgType)}[]`);
  return sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names(columns))})
    SELECT * FROM unnest(${sql.join(arrays)}) ${sql.raw(conflict)}`.execute(db);
}

/** PostgreSQL: one statement per table of the batch, in one transaction. */
export class PostgresIngestStore implements IngestStore {
  constructor(private readonly db: Db) {}

  prepareFor(now: number): Promise<void> {
    return ensurePositionPartitions(this.db, now);
  }

  async commit({ positions, states, frames, networkFixes }: IngestBatch): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (positions.length > 0) {
        await insertUnnest(trx, 'positions', POSITION_COLUMNS, positions, SAME_FIX_CONFLICT);
      }
      if (states.length > 0) {
        await insertUnnest(trx, 'device_states', STATE_COLUMNS, states, STATE_CONFLICT);
      }
      if (frames.length > 0) {
        await insertUnnest(trx, 'device_frames', FRAME_COLUMNS, frames, frameConflict('postgres'));
      }
      if (networkFixes.length > 0) {
        await insertUnnest(
          trx,
          'network_fixes',
          NETWORK_FIX_COLUMNS,
          networkFixes,
          SAME_FIX_CONFLICT,
        );
      }
    });
  }
}
