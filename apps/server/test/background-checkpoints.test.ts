import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-checkpoints-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('SQLite checkpoints in the background', () => {
  it('copies what the server commits into the database file from a thread of its own', async () => {
    const errors: string[] = [];
    const database = openDatabase({ dataDir, backgroundCheckpoints: (e) => errors.push(e) });
    const sqlite = database.sqlite!;
    const file = path.join(dataDir, 'xunji.sqlite');
    sqlite.exec('CREATE TABLE blobs (data BLOB)');
    const insert = sqlite.prepare('INSERT INTO blobs (data) VALUES (?)');
    for (let i = 0; i < 256; i++) insert.run(Buffer.alloc(4096, i));
    // The committing connection does not checkpoint (it would only past 400 MB of WAL)…
    expect(fs.statSync(file).size).toBeLessThan(1 << 20);
    // …the thread does, within its interval.
    const deadline = Date.now() + 10_000;
    while (fs.statSync(file).size < 1 << 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(1 << 20);
    await database.db.destroy();
    await database.stopCheckpoints!();
    expect(errors).toEqual([]);
  });
});
