import { sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Db } from './types.js';

/** A table whose rows are keyed by device and fix time. */
export type FixTable = 'positions' | 'network_fixes';

export interface OldRowsBatch {
  deleted: number;
  /** The highest device whose rows this batch deleted: where the next batch starts. */
  lastDeviceId: number;
}

/**
 * Deletes at most `limit` rows of `table` with a fix time before `cutoff`, walking the devices in
 * id order from `fromDeviceId`, each through the (device_id, fix_time) key: no batch scans the
 * table, however large it is and however few of its rows are old. Devices are never deleted, so
 * every row's device is found (migration 0024).
 */
export async function deleteOldRows(
  db: Db,
  dialect: Dialect,
  table: FixTable,
  cutoff: number,
  fromDeviceId: number,
  limit: number,
): Promise<OldRowsBatch> {
  // SQLite keeps the left table of a CROSS JOIN outside; PostgreSQL cannot flatten a LATERAL
  // subquery with a LIMIT: either way a loop over devices in id order that stops at `limit`.
  const oldKeys =
    dialect === 'sqlite'
      ? sql`SELECT t.device_id, t.fix_time FROM devices d CROSS JOIN ${sql.table(table)} t
          WHERE t.device_id = d.id AND d.id >= ${fromDeviceId} AND t.fix_time < ${cutoff}
          ORDER BY d.id LIMIT ${limit}`
      : sql`SELECT t.device_id, t.fix_time FROM devices d CROSS JOIN LATERAL (
            SELECT device_id, fix_time FROM ${sql.table(table)}
            WHERE device_id = d.id AND fix_time < ${cutoff} LIMIT ${limit}) t
          WHERE d.id >= ${fromDeviceId} ORDER BY d.id LIMIT ${limit}`;
  const { rows } = await sql<{ device: number }>`DELETE FROM ${sql.table(table)}
    WHERE (device_id, fix_time) IN (${oldKeys}) RETURNING device_id AS device`.execute(db);
  return {
    deleted: rows.length,
    lastDeviceId: rows.reduce((last, row) => Math.max(last, Number(row.device)), fromDeviceId),
  };
}
