import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { narrowIfPresent, privateFile, privateFolder } from '../private-files.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the URL without its password. */
  location: string;
  /** The embedded connection itself, for the gateway's prepared-statement batch writes. */
  sqlite?: SQLite.Database;
}

const INT8_OID = 20;

/** PostgreSQL when a URL is given, else the embedded SQLite file `xunji.sqlite` in dataDir. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Times are epoch milliseconds in BIGINT columns: read them as numbers, not strings.
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format),
      },
    });
    // An idle connection the server ends (restart, failover) is dropped by the pool and replaced
    // on next use; unhandled, its error event would end the process.
    pool.on('error', () => undefined);
    const url = new URL(options.databaseUrl);
    url.password = '';
    return {
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool }),
        plugins: [new CamelCasePlugin()],
      }),
      dialect: 'postgres',
      location: url.toString(),
    };
  }
  privateFolder(options.dataDir);
  const file = path.join(options.dataDir, 'xunji.sqlite');
  // SQLite gives the -wal and -shm files the mode of the database file.
  privateFile(file);
  for (const companion of ['-wal', '-shm']) narrowIfPresent(file + companion);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a committed (and so acknowledged) position survives a power cut, not only a crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MB of pages: the position index of thousands of devices stays in memory while ingesting.
  sqlite.pragma('cache_size = -65536');
  // Positions of many devices touch pages all over the position index, and each commit appends
  // every page it changed to the WAL: a checkpoint every 40 MB instead of 4 copies a page that
  // changed many times once, a third of ingest's system time (docs/BENCHMARKS.md, ingest).
  sqlite.pragma('wal_autocheckpoint = 10000');
  return {
    sqlite,
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
    }),
    dialect: 'sqlite',
    location: file,
  };
}
