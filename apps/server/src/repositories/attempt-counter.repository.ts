import { sql } from 'kysely';
import type { Db } from './types.js';

export interface CounterHit {
  /** This hit's place in the window: 1 for the first. */
  hits: number;
  lockedUntil: number | null;
}

/** Counts per key in fixed windows; each hit is one atomic statement, so parallel hits never share a number. */
export class AttemptCounterRepository {
  constructor(private readonly db: Db) {}

  /** Adds one to the key's count, starting a new window when the current one began `windowMs` ago. */
  hit(key: string, now: number, windowMs: number): Promise<CounterHit> {
    const expired = sql<boolean>`${sql.ref('attemptCounters.windowStart')} <= ${now - windowMs}`;
    return this.db
      .insertInto('attemptCounters')
      .values({ key, hits: 1, windowStart: now, lockedUntil: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else ${sql.ref('attemptCounters.hits')} + 1 end`,
          windowStart: sql<number>`case when ${expired} then ${now} else ${sql.ref('attemptCounters.windowStart')} end`,
        }),
      )
      .returning(['hits', 'lockedUntil'])
      .executeTakeFirstOrThrow();
  }

  /** Gives one hit back (an attempt that turned out right). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('attemptCounters')
      .set({ hits: sql<number>`${sql.ref('hits')} - 1` })
      .where('key', '=', key)
      .where('hits', '>', 0)
      .execute();
  }

  async lock(key: string, until: number): Promise<void> {
    await this.db
      .updateTable('attemptCounters')
      .set({ lockedUntil: until })
      .where('key', '=', key)
      .execute();
  }

  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.deleteFrom('attemptCounters').where('key', 'in', keys).execute();
  }

  /** Drops the counts whose window began before `before` and whose lock, if any, is over. */
  async prune(before: number, now: number): Promise<void> {
    await this.db
      .deleteFrom('attemptCounters')
      .where('windowStart', '<', before)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
      .execute();
  }
}
