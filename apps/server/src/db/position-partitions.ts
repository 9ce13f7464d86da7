import { sql, type Kysely } from 'kysely';

/** PostgreSQL keeps positions in one partition per calendar month (UTC) of the fix time. */
const monthStart = (year: number, month: number) => Date.UTC(year, month, 1);

function partitionSql(year: number, month: number) {
  const from = monthStart(year, month);
  const to = monthStart(year, month + 1);
  const start = new Date(from);
  const name = `positions_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return sql`CREATE TABLE IF NOT EXISTS ${sql.id(name)} PARTITION OF positions
    FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`;
}

/**
 * Creates the month partitions from `range.from` to `range.to` (epoch ms) and those around `now`
 * (one month back, two ahead), so that live traffic never lands in the default partition.
 */
export async function ensurePositionPartitions<DB>(
  db: Kysely<DB>,
  now: number,
  range?: { from: number; to: number },
): Promise<void> {
  const current = new Date(now);
  let from = monthStart(current.getUTCFullYear(), current.getUTCMonth() - 1);
  let to = monthStart(current.getUTCFullYear(), current.getUTCMonth() + 2);
  if (range) {
    from = Math.min(from, range.from);
    to = Math.max(to, range.to);
  }
  const first = new Date(from);
  for (let month = first.getUTCMonth(), year = first.getUTCFullYear(); ; month++) {
    if (monthStart(year, month) > to) break;
    await partitionSql(year, month).execute(db);
  }
}

/**
 * Drops the partitions whose months end at or before `cutoff` (epoch ms); answers their names.
 * Dropping a partition locks the whole table: a lock not granted within seconds (a long report
 * holding it) fails the drop rather than queue every insert of the gateway behind it.
 */
export async function dropPositionPartitionsBefore<DB>(
  db: Kysely<DB>,
  cutoff: number,
): Promise<string[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'positions'::regclass`.execute(db);
  const old = rows
    .map((row) => ({ name: row.name, to: /\bTO \('?(-?\d+)'?\)/.exec(row.bound)?.[1] }))
    .filter((row) => row.to !== undefined && Number(row.to) <= cutoff)
    .map((row) => row.name)
    .sort();
  for (const name of old) {
    await db.transaction().execute(async (tx) => {
      await sql`SET LOCAL lock_timeout = '10s'`.execute(tx);
      await sql`DROP TABLE ${sql.id(name)}`.execute(tx);
    });
  }
  return old;
}
