import { execFile } from 'node:child_process';
import path from 'node:path';
import type { RunningServer } from './start-server.js';
import { repositoryRoot } from './start-server.js';

/** The operator's admin CLI on the server's database. */
export function admin(server: RunningServer, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(repositoryRoot, 'node_modules/.bin/tsx'),
      ['apps/server/src/cli/admin.ts', ...args],
      { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
    );
  });
}
