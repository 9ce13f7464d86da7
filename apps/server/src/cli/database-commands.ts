import fs from 'node:fs';
import path from 'node:path';
import { backupSqlite } from '../db/sqlite-backup.js';
import { defineCommand, UsageError } from './command.js';

/** The database itself: backups (docs/operations.md). */
export const databaseCommands = [
  defineCommand({
    name: 'db:backup',
    usage: 'db:backup FILE',
    description:
      'Copy the SQLite database into FILE (a new file), consistent while the server runs; PostgreSQL is backed up with pg_dump or pg_basebackup',
    options: {},
    positionals: 1,
    async run(_, positionals, context) {
      const file = positionals[0];
      if (!file) throw new UsageError('give the file to write the backup to');
      const { sqlite, location } = context.database;
      if (!sqlite)
        throw new UsageError(
          'the database is PostgreSQL: back it up with pg_dump (or pg_basebackup), see docs/operations.md',
        );
      const target = path.resolve(file);
      if (fs.existsSync(target)) throw new UsageError(`${target} exists: give a new file`);
      const pages = await backupSqlite(sqlite, target);
      context.print(`backed up ${location} to ${target} (${pages} pages)`);
    },
  }),
];
