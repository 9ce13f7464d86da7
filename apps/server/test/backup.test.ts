import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../src/context.js';
import { runAdmin } from './support/admin-cli.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';
import { storedFix } from './support/stored-fix.js';

const place = { latitude: 31.2, longitude: 121.4 };
const BATCH = 100;

describe('db:backup on SQLite', () => {
  let database: TestDatabase;
  let repositories: Repositories;
  let deviceId: number;
  let nextTime = Date.UTC(2026, 0, 1);

  /** One transaction of BATCH positions: a consistent copy holds a whole number of them. */
  const writeBatch = () =>
    repositories.positions.commitBatch({
      positions: Array.from({ length: BATCH }, () =>
        storedFix(deviceId, (nextTime += 1000), place),
      ),
      states: [],
      frames: [],
      networkFixes: [],
    });
  const count = (sqlite: SQLite.Database) =>
    (sqlite.prepare('SELECT count(*) AS n FROM positions').get() as { n: number }).n;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    repositories = createRepositories(database.handle);
    deviceId = (await registerDevice({ repositories }, '868120000000201', 'gt06')).id;
    // Some megabytes, so the copy takes a while.
    for (let i = 0; i < 1000; i++) await writeBatch();
  });
  afterAll(() => database.drop());

  it('copies the database while it is written to, and the copy opens whole', async () => {
    const file = path.join(database.env.DATA_DIR, 'copy.sqlite');
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (; writing; await nextTurn()) {
        await writeBatch();
        written++;
      }
    })();
    const backup = await runAdmin({ database }, 'db:backup', file);
    const duringBackup = written;
    writing = false;
    await writer;
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`to ${file}`);
    expect(duringBackup).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const copied = count(copy);
      expect(copied % BATCH).toBe(0);
      expect(copied).toBeGreaterThanOrEqual(1000 * BATCH);
      // The writer carried on past the copy's moment.
      expect(count(database.handle.sqlite!)).toBeGreaterThan(copied);
      const tables = (db: SQLite.Database) =>
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables(copy)).toEqual(tables(database.handle.sqlite!));
    } finally {
      copy.close();
    }
  });

  it('refuses to write over a file that exists (exit code 2)', async () => {
    const file = path.join(database.env.DATA_DIR, 'taken.sqlite');
    fs.writeFileSync(file, 'keep me');
    const refused = await runAdmin({ database }, 'db:backup', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('exists');
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
  });
});

describe.skipIf(!testDialects().includes('postgres'))('db:backup on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('says to use pg_dump and exits with code 2', async () => {
    const file = path.join(database.env.DATA_DIR, 'copy.sqlite');
    const refused = await runAdmin({ database }, 'db:backup', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pg_dump');
    expect(fs.existsSync(file)).toBe(false);
  });
});
