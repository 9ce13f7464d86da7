import type { Clock } from '../clock.js';
import type {
  AttemptCounterRepository,
  CounterHit,
} from '../repositories/attempt-counter.repository.js';
import { onceEvery } from './once-every.js';

/** No window lasts longer: counts older than this (and not locking anything) are deleted. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

/** Counts per key in fixed windows (sign-in attempts, captchas), kept bounded by a sweep a minute. */
export class AttemptCounters {
  private readonly sweep: () => Promise<void>;

  constructor(
    private readonly counters: AttemptCounterRepository,
    private readonly clock: Clock,
  ) {
    this.sweep = onceEvery(60_000, clock, (now) => counters.prune(now - LONGEST_WINDOW_MS, now));
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    await this.sweep();
    return this.counters.hit(key, this.clock.now(), windowMs);
  }

  refund(key: string): Promise<void> {
    return this.counters.refund(key);
  }

  lock(key: string, until: number): Promise<void> {
    return this.counters.lock(key, until);
  }

  clear(keys: readonly string[]): Promise<void> {
    return this.counters.clear(keys);
  }
}
