import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { narrowIfPresent, privateFile, privateFolder } from '../private-files.js';
import { startBackgroundCheckpoints } from './background-checkpoints.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the URL without its password. */
  location: string;
  /** The embedded connection itself, for the gateway's prepared-statement batch writes. */
  sqlite?: SQLite.Database;
  /** Stops the checkpointing thread (SQLite with `backgroundCheckpoints`), after the last write. */
  stopCheckpoints?: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * SQLite: checkpoint the WAL from a thread of its own (background-checkpoints.ts), told of its
   * failures here — the server does; a short-lived command leaves it to SQLite.
   */
  backgroundCheckpoints?: (error: string) => void;
}

const INT8_OID = 20;

/** PostgreSQL when a URL is given, else the embedded SQLite file `xunji.sqlite` in dataDir. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
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
  let stopCheckpoints: (() => Promise<void>) | undefined;
  if (options.backgroundCheckpoints) {
    // The committing connection checkpoints only if the thread falls far behind (400 MB of WAL).
    sqlite.pragma('wal_autocheckpoint = 100000');
    stopCheckpoints = startBackgroundCheckpoints(file, options.backgroundCheckpoints);
  }
  return {
    sqlite,
    ...(stopCheckpoints && { stopCheckpoints }),
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
    }),
    dialect: 'sqlite',
    location: file,
  };
}
