import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The settings a process needs to reach the same data (an empty DATABASE_URL means SQLite). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it, see .ci/run). */
export function testDialects(): Dialect[] {
  return process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A new, empty database of the dialect, private to one test suite; migrated unless
 * `migrated: false` (a server process's first start then migrates it).
 */
export async function createTestDatabase(
  dialect: Dialect,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-test-'));
  if (dialect === 'sqlite') {
    const handle = openDatabase({ dataDir });
    if (migrated) await migrateToLatest(handle);
    return {
      handle,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => {
        await handle.db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is needed for PostgreSQL tests');
  const name = `xunji_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  if (migrated) await migrateToLatest(handle);
  return {
    handle,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await handle.db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
