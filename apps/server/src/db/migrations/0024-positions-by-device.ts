import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

const COLUMNS = `device_id, fix_time, server_time, valid, latitude, longitude, altitude, speed,
  course, lbs_mode, satellites, battery, acc, mileage, reupload, attributes`;

/**
 * A position is found by its device and fix time, never by a number of its own: the `id` column
 * goes, and with it what each insert paid for it (SQLite's AUTOINCREMENT counter, PostgreSQL's
 * sequence). The foreign key to `devices` goes too (a lookup per inserted row, half the cost of a
 * PostgreSQL insert): devices are never deleted, and rows of one that would be must be deleted with
 * it by the repository. On SQLite the table is rebuilt without the column: a rowid table (rows
 * appended in arrival order) with a unique (device_id, fix_time) index — a `WITHOUT ROWID` table
 * clustered by device was measured 20–30 % slower to insert into (docs/BENCHMARKS.md).
 */
export function positionsByDevice(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        const { rows } = await sql<{ name: string }>`
          SELECT conname AS name FROM pg_constraint
          WHERE conrelid = 'positions'::regclass AND contype = 'f'`.execute(db);
        for (const { name } of rows) {
          await sql`ALTER TABLE positions DROP CONSTRAINT ${sql.id(name)}`.execute(db);
        }
        await sql`ALTER TABLE positions DROP COLUMN id`.execute(db);
        return;
      }
      await sql`CREATE TABLE positions_by_device (
        device_id integer NOT NULL,
        fix_time bigint NOT NULL,
        server_time bigint NOT NULL,
        valid integer NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        altitude double precision,
        speed double precision NOT NULL,
        course double precision NOT NULL,
        lbs_mode text NOT NULL,
        satellites integer,
        battery integer,
        acc integer,
        mileage double precision,
        reupload integer NOT NULL DEFAULT 0,
        attributes text
      )`.execute(db);
      await sql`INSERT INTO positions_by_device (${sql.raw(COLUMNS)})
        SELECT ${sql.raw(COLUMNS)} FROM positions`.execute(db);
      await sql`DROP TABLE positions`.execute(db);
      await sql`ALTER TABLE positions_by_device RENAME TO positions`.execute(db);
      await sql`CREATE UNIQUE INDEX positions_device_time ON positions (device_id, fix_time)`.execute(
        db,
      );
    },
  };
}
