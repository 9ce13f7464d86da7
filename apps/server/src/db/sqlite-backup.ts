import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import { privateFile } from '../private-files.js';

/**
 * Copies an SQLite database into a new file with SQLite's online backup, while the server keeps
 * writing. The pages go in one step, so in one read transaction: WAL lets the writers carry on,
 * and the copy is the database as of one commit (copied in several steps, a backup starts over
 * whenever another connection writes in between, which with a live gateway is all the time).
 * The file is the server's data, so it is made 0600; a failed copy leaves no file.
 */
export async function backupSqlite(sqlite: SQLite.Database, file: string): Promise<number> {
  privateFile(file);
  try {
    const { totalPages } = await sqlite.backup(file, { progress: () => 0x7fffffff });
    return totalPages;
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}
