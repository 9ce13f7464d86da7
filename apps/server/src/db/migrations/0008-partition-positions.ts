import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { ensurePositionPartitions } from '../position-partitions.js';

/**
 * PostgreSQL: positions become a table partitioned by month of fix time (old months can be
 * detached or dropped whole, and a device's track reads one or two partitions). The primary key
 * is (device_id, fix_time), which also stores a re-sent position once. SQLite is left as it is.
 */
export function partitionPositions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE positions RENAME TO positions_unpartitioned`.execute(db);
      await sql`ALTER INDEX positions_device_time RENAME TO positions_unpartitioned_device_time`.execute(
        db,
      );
      await sql`CREATE TABLE positions (LIKE positions_unpartitioned INCLUDING DEFAULTS)
        PARTITION BY RANGE (fix_time)`.execute(db);
      await sql`ALTER TABLE positions ADD PRIMARY KEY (device_id, fix_time)`.execute(db);
      await sql`ALTER TABLE positions ADD FOREIGN KEY (device_id)
        REFERENCES devices (id) ON DELETE CASCADE`.execute(db);
      await sql`CREATE TABLE positions_default PARTITION OF positions DEFAULT`.execute(db);
      const { rows } = await sql<{ first: string | null; last: string | null }>`
        SELECT min(fix_time) AS first, max(fix_time) AS last FROM positions_unpartitioned
      `.execute(db);
      const [stored] = rows;
      await ensurePositionPartitions(
        db,
        Date.now(),
        stored?.first != null && stored.last != null
          ? { from: Number(stored.first), to: Number(stored.last) }
          : undefined,
      );
      await sql`INSERT INTO positions SELECT * FROM positions_unpartitioned`.execute(db);
      await sql`ALTER SEQUENCE positions_id_seq OWNED BY positions.id`.execute(db);
      await sql`DROP TABLE positions_unpartitioned`.execute(db);
    },
  };
}
