import { alarmNames, DEFAULT_TIME_ZONE, localDateTime, type AlarmType } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { NotificationJobRow, NotificationStatus } from '../db/schema.js';
import type { AlarmNotice } from '../providers/alarm-notice.js';
import type { DeliveryOutcome } from '../providers/delivery-outcome.js';
import type { AlarmLogRepository } from '../repositories/alarm-log.repository.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';
import type { AlarmChannels, PushMessage } from './alarm-channels.js';
import { testPushMessage } from './test-alarm.js';

export interface DeliveryRules {
  maxAttempts: number;
  /** The wait before the second attempt; each later one waits twice as long. */
  backoffMs: number;
  /** How long a taken job is this worker's before another may take it. */
  leaseMs: number;
  pollMs: number;
  /** §9: the same number is not called or texted again within this time. */
  phoneRepeatMs: number;
  /** The app's public address, for the link in WeChat messages ('' when unknown). */
  appUrl: string;
}

/** How a delivery attempt ended: a job status, or `retry` when it is pending again. */
export type DeliveryResult = Exclude<NotificationStatus, 'pending'> | 'retry';

const BATCH = 50;
const language = (value: string) => (value === 'en' ? 'en' : 'zh-CN');
/** The channels of the 3-minute rule (§9). */
const isPhone = (channel: string) => channel === 'sms' || channel === 'tel';

/**
 * Delivers alarm notification jobs away from the gateway's path: polls for due jobs (and runs at
 * once when an alarm is raised), retries with backoff, records every attempt.
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Delivery attempts of this process so far, by channel and result (read by /metrics). */
  readonly results: Record<string, Partial<Record<DeliveryResult, number>>> = {};

  constructor(
    private readonly repositories: {
      notifications: NotificationRepository;
      alarmLogs: AlarmLogRepository;
      pushClients: PushClientRepository;
    },
    private readonly channels: AlarmChannels,
    private readonly rules: DeliveryRules,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.rules.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Resolves when the run in progress (and any asked for during it) is over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Runs the due jobs now (or right after the run in progress). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
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
          for (const job of jobs) if (await this.deliver(job)) total++;
        }),
      );
      if (due.length < BATCH) return total;
    }
  }

  private async deliver(job: NotificationJobRow): Promise<boolean> {
    const { notifications } = this.repositories;
    const now = this.clock.now();
    if (!(await notifications.claim(job, now, this.rules.leaseMs))) return false;
    if (isPhone(job.channel)) {
      const last = await notifications.lastSentTo(job.channel, job.recipient);
      if (last !== undefined && now - last < this.rules.phoneRepeatMs) {
        await notifications.settle(
          job,
          { at: now, ok: false, detail: 'the same number was reached less than 3 minutes ago' },
          { status: 'throttled', counted: false },
        );
        this.count(job.channel, 'throttled');
        return true;
      }
    }
    let outcome: DeliveryOutcome;
    try {
      outcome = await this.send(job);
    } catch (error) {
      outcome = { ok: false, retryable: true, reason: String(error) };
    }
    await this.settle(job, outcome);
    return true;
  }

  private async settle(job: NotificationJobRow, outcome: DeliveryOutcome): Promise<void> {
    const at = this.clock.now();
    if (outcome.ok) {
      await this.repositories.notifications.settle(
        job,
        { at, ok: true, detail: outcome.reference ?? null },
        { status: 'sent', counted: true },
      );
      this.count(job.channel, 'sent');
      return;
    }
    const retry = outcome.retryable && !outcome.gone && job.attempts + 1 < this.rules.maxAttempts;
    const status: NotificationStatus = outcome.gone ? 'gone' : retry ? 'pending' : 'failed';
    if (outcome.gone && job.channel === 'push')
      await this.repositories.pushClients.delete(job.recipient);
    await this.repositories.notifications.settle(
      job,
      { at, ok: false, detail: outcome.reason },
      {
        status,
        counted: true,
        ...(retry ? { nextAttemptAt: at + this.rules.backoffMs * 2 ** job.attempts } : {}),
      },
    );
    this.count(job.channel, status === 'pending' ? 'retry' : status);
  }

  private count(channel: string, result: DeliveryResult): void {
    const counts = (this.results[channel] ??= {});
    counts[result] = (counts[result] ?? 0) + 1;
  }

  private async send(job: NotificationJobRow): Promise<DeliveryOutcome> {
    if (job.alarmId === null) return this.sendTest(job);
    const alarm = await this.repositories.alarmLogs.withDevice(job.alarmId);
    if (!alarm) return { ok: false, retryable: false, reason: 'the alarm no longer exists' };
    const lang = language(job.language);
    const name = alarmNames[alarm.alarmType as AlarmType]?.[lang] ?? alarm.alarmType;
    const notice: AlarmNotice = {
      deviceName: alarm.name ?? alarm.terminalNo,
      alarmName: [name, alarm.fenceName ?? alarm.member].filter(Boolean).join(' '),
      time: localDateTime(alarm.alarmTime, DEFAULT_TIME_ZONE),
      ...(alarm.address ? { address: alarm.address } : {}),
    };
    const link = `/pagesMore/message/statement?id=${alarm.id}`;
    switch (job.channel) {
      case 'push':
        return this.pushTo(job.recipient, {
          alarmId: alarm.id,
          terminalId: alarm.deviceId,
          title: notice.alarmName,
          body: [notice.deviceName, notice.time, notice.address].filter(Boolean).join(' · '),
        });
      case 'sms':
        return this.channels.sms(job.recipient, notice);
      case 'tel':
        return this.channels.tel(job.recipient, notice);
      case 'wechat':
        return this.channels.wechat(
          job.recipient,
          notice,
          this.rules.appUrl && this.rules.appUrl + link,
        );
      default:
        return { ok: false, retryable: false, reason: `unknown channel ${job.channel}` };
    }
  }

  /** A developer's test alarm (§6): pushes only. */
  private sendTest(job: NotificationJobRow): Promise<DeliveryOutcome> {
    if (job.channel !== 'push')
      return Promise.resolve({ ok: false, retryable: false, reason: 'a test alarm is pushed' });
    return this.pushTo(job.recipient, testPushMessage(language(job.language)));
  }

  private async pushTo(clientId: string, message: PushMessage): Promise<DeliveryOutcome> {
    const client = await this.repositories.pushClients.byId(clientId);
    if (!client)
      return { ok: false, retryable: false, reason: 'the push client is gone', gone: true };
    return this.channels.push(client, message);
  }
}
