import type { ReadinessRepository } from '../repositories/readiness.repository.js';

/** A check's answer: `ok`, or what is wrong. */
export type CheckResult = 'ok' | 'failed' | 'pending' | 'timeout';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** A check that hangs (a database behind a cut network) answers `timeout` after this. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process can serve: the database answers and its schema is this version's, and in a
 * cluster Redis is reachable (`redis` is a check only when `redisConnected` is given).
 */
export class Readiness {
  private readonly checks: Record<string, () => Promise<CheckResult>>;

  constructor(repository: ReadinessRepository, redisConnected?: () => boolean) {
    this.checks = {
      database: async () => {
        await repository.ping();
        return 'ok';
      },
      migrations: async () =>
        (await repository.pendingMigrations()).length > 0 ? 'pending' : 'ok',
      ...(redisConnected && {
        redis: async () => (redisConnected() ? 'ok' : 'failed'),
      }),
    };
  }

  async report(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const results = await Promise.all(names.map((name) => settle(this.checks[name]!())));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    return { ready: results.every((result) => result === 'ok'), checks };
  }
}

function settle(check: Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch((): CheckResult => 'failed'), timeout]).finally(() =>
    clearTimeout(timer),
  );
}
