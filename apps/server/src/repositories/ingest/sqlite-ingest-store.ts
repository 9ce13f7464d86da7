import type SQLite from 'better-sqlite3';
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

const insert = <Row>(table: string, columns: Column<Row>[], conflict: string) =>
  `INSERT INTO ${table} (${names(columns)}) VALUES (${columns.map((c) => `@${c.key}`).join(', ')}) ${conflict}`;

/**
 * SQLite: prepared statements, one run per row, in one synchronous transaction — far cheaper
 * than building a multi-row statement per batch. It holds Kysely's connection while it runs, so
 * it never interleaves with another transaction on the same connection.
 */
export class SqliteIngestStore implements IngestStore {
  private transaction: ((batch: IngestBatch) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
  ) {}

  async commit(batch: IngestBatch): Promise<void> {
    const transaction = (this.transaction ??= this.prepare());
    await this.db.connection().execute(async () => transaction(batch));
  }

  /** One table for every time: nothing to prepare. */
  async prepareFor(): Promise<void> {}

  /** Prepared on first use: the tables exist only after the migrations. */
  private prepare(): (batch: IngestBatch) => void {
    const position = this.sqlite.prepare(insert('positions', POSITION_COLUMNS, SAME_FIX_CONFLICT));
    const state = this.sqlite.prepare(insert('device_states', STATE_COLUMNS, STATE_CONFLICT));
    const frame = this.sqlite.prepare(
      insert('device_frames', FRAME_COLUMNS, frameConflict('sqlite')),
    );
    const networkFix = this.sqlite.prepare(
      insert('network_fixes', NETWORK_FIX_COLUMNS, SAME_FIX_CONFLICT),
    );
    return this.sqlite.transaction((batch: IngestBatch) => {
      for (const row of batch.positions) position.run(row);
      for (const row of batch.states) state.run(row);
      for (const row of batch.frames) frame.run(row);
      for (const row of batch.networkFixes) networkFix.run(row);
    });
  }
}
