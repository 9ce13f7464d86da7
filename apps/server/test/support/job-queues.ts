import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { QueueSettings } from '../../src/jobs/queue-worker.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The queues of one test: a prefix of its own, so tests never see each other's jobs, in the
 * Redis database `db` (a test that flushes its database has one to itself).
 */
export function testQueues(db?: number): QueueSettings & { stopTimeLimitMs: number } {
  const url = new URL(REDIS_URL);
  if (db !== undefined) url.pathname = `/${db}`;
  return { redisUrl: url.toString(), prefix: `test-${randomUUID()}`, stopTimeLimitMs: 10_000 };
}

/** Removes a test's keys (its prefix) from Redis. */
export async function dropQueues({ redisUrl, prefix }: QueueSettings): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      if ((cursor = next) === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}
