import type { Clock } from '../clock.js';
import type { NotificationJobRow } from '../db/schema.js';
import type { AlarmChannels } from './alarm-channels.js';
import {
  isPhone,
  NotificationDelivery,
  type DeliveryRepositories,
  type DeliveryRules,
} from './notification-delivery.js';

export type { DeliveryResult } from './notification-delivery.js';

const BATCH = 50;

/**
 * Delivers alarm notification jobs away from the gateway's path: runs at once when an alarm is
 * raised (`kick`) and at every poll of the schedule, one `NotificationDelivery` per job. In a
 * cluster the due jobs are handed to the delivery queue instead (`handOff`), whose workers
 * deliver them with the same `NotificationDelivery`.
 */
export class NotificationWorker {
  readonly delivery: NotificationDelivery;
  private running: Promise<void> | undefined;
  private again = false;
  private feed: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly repositories: DeliveryRepositories,
    channels: AlarmChannels,
    rules: DeliveryRules,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {
    this.delivery = new NotificationDelivery(repositories, channels, rules, clock);
  }

  /** Delivery attempts of this process so far, by channel and result (read by /metrics). */
  get results() {
    return this.delivery.results;
  }

  /** From now on a kick hands the due jobs to `feed` (a queue) instead of delivering them here. */
  handOff(feed: () => Promise<unknown>): void {
    this.feed = feed;
  }

  /** Resolves when the run in progress (and any asked for during it) is over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One poll: the due jobs now, and whatever is asked for meanwhile. */
  poll(): Promise<void> {
    this.kick();
    return this.idle();
  }

  /** Runs the due jobs now (or right after the run in progress). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (this.feed ?? (() => this.drain()))()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers every job due now; answers how many were attempted. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await this.repositories.notifications.due(this.clock.now(), BATCH);
      if (due.length === 0) return total;
      // Jobs to one number run one after another, so the 3-minute rule sees the first; pushes
      // and WeChat messages have no such rule: one browser watching a fleet gets them together.
      const chains = new Map<string, NotificationJobRow[]>();
      for (const job of due) {
        const key = isPhone(job.channel) ? `${job.channel}:${job.recipient}` : `job:${job.id}`;
        chains.set(key, [...(chains.get(key) ?? []), job]);
      }
      await Promise.all(
        [...chains.values()].map(async (jobs) => {
          for (const job of jobs) if (await this.delivery.deliver(job)) total++;
        }),
      );
      if (due.length < BATCH) return total;
    }
  }
}
