import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './test-server.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …args` as its own process, on the test server's database. */
export function runAdmin(
  server: Pick<TestServer, 'database'>,
  ...args: string[]
): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['src/cli/admin.ts', ...args],
      { cwd: serverRoot, env: { ...process.env, ...server.database.env, NODE_ENV: 'test' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
