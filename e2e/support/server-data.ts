import { execFile } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { repositoryRoot } from './start-server.js';

/** The answer of a picture code, read where only the server can (the test plays a human eye). */
export function captchaAnswer(dataDir: string, captchaId: string): string {
  const db = new SQLite(path.join(dataDir, 'xunji.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const row = db.prepare('select answer from captchas where id = ?').get(captchaId) as
      { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${captchaId}`);
    return row.answer;
  } finally {
    db.close();
  }
}

/** The latest SMS code sent to the number, through the admin CLI as an operator would read it. */
export function latestSmsCode(dataDir: string, phoneNumber: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(repositoryRoot, 'node_modules/.bin/tsx'),
      [
        'apps/server/src/cli/admin.ts',
        'sms:outbox',
        '--phone',
        phoneNumber,
        '--limit',
        '1',
        '--json',
      ],
      { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout) => {
        if (error) return reject(error);
        const [latest] = JSON.parse(stdout) as { message: string }[];
        const code = latest?.message.match(/\d{6}/)?.[0];
        return code ? resolve(code) : reject(new Error(`no SMS for ${phoneNumber}`));
      },
    );
  });
}
