import type { FastifyBaseLogger } from 'fastify';
import type { GatewayStats, Refusal } from './stats.js';

const LOG_EVERY_MS = 10_000;

/**
 * Counts each refusal in the gateway's stats and logs it without letting an attack flood the log:
 * at most one line per reason per interval, carrying how many there were since the line before.
 */
export class RefusalLog {
  /** Per reason logged within the interval: the refusals since its line. */
  private readonly unlogged = new Map<Refusal, number>();

  constructor(
    private readonly stats: GatewayStats,
    private readonly logger: FastifyBaseLogger,
    private readonly everyMs = LOG_EVERY_MS,
  ) {}

  record(reason: Refusal): void {
    this.stats.refused[reason]++;
    const unlogged = this.unlogged.get(reason);
    if (unlogged === undefined) this.log(reason, 1);
    else this.unlogged.set(reason, unlogged + 1);
  }

  private log(reason: Refusal, count: number): void {
    this.logger.warn(
      { reason, count, total: this.stats.refused[reason] },
      'gateway connections refused',
    );
    this.unlogged.set(reason, 0);
    setTimeout(() => {
      const since = this.unlogged.get(reason) ?? 0;
      this.unlogged.delete(reason);
      if (since > 0) this.log(reason, since);
    }, this.everyMs).unref();
  }
}
