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

/**
 * Copies a row's columns into `values`, in column order. Made once per table from its column
 * list, as one plain property read per column: a loop over the keys, shared by four tables, is a
 * megamorphic keyed read for every value (~1 % of the gateway's CPU under load in a perf profile).
 * The keys are the column list's own identifiers, never input.
 */
function columnCopier<Row>(columns: Column<Row>[]): (row: Row, values: unknown[]) => void {
  const body = columns.map(({ key }, i) => `values[${i}] = row.${key};`).join('\n');
  return new Function('row', 'values', body) as (row: Row, values: unknown[]) => void;
}

/**
 * An insert of one row, prepared: its values bound by position from one array filled for each
 * row (binding by name costs better-sqlite3 a string and two lookups per parameter).
 */
function rowInsert<Row>(
  sqlite: SQLite.Database,
  table: string,
  columns: Column<Row>[],
  conflict: string,
): (row: Row) => void {
  const statement = sqlite.prepare(
    `INSERT INTO ${table} (${names(columns)}) VALUES (${columns.map(() => '?').join(', ')}) ${conflict}`,
  );
  const copy = columnCopier(columns);
  const values: unknown[] = new Array(columns.length);
  return (row) => {
    copy(row, values);
    statement.run(values);
  };
}

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
    const position = rowInsert(this.sqlite, 'positions', POSITION_COLUMNS, SAME_FIX_CONFLICT);
    const state = rowInsert(this.sqlite, 'device_states', STATE_COLUMNS, STATE_CONFLICT);
    const frame = rowInsert(this.sqlite, 'device_frames', FRAME_COLUMNS, frameConflict('sqlite'));
    const networkFix = rowInsert(
      this.sqlite,
      'network_fixes',
      NETWORK_FIX_COLUMNS,
      SAME_FIX_CONFLICT,
    );
    return this.sqlite.transaction((batch: IngestBatch) => {
      for (const row of batch.positions) position(row);
      for (const row of batch.states) state(row);
      for (const row of batch.frames) frame(row);
      for (const row of batch.networkFixes) networkFix(row);
    });
  }
}
