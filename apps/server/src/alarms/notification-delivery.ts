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
  /** How long a taken job (and a taken number) is this worker's before another may take it. */
  leaseMs: number;
  /** How often the local poller looks for due jobs (one process without Redis). */
  pollMs: number;
  /** §9: the same number is not called or texted again within this time. */
  phoneRepeatMs: number;
  /** The app's public address, for the link in WeChat messages ('' when unknown). */
  appUrl: string;
}

/** How a delivery attempt ended: a job status, or `retry` when it is pending again. */
export type DeliveryResult = Exclude<NotificationStatus, 'pending'> | 'retry';

export interface DeliveryRepositories {
  notifications: NotificationRepository;
  alarmLogs: AlarmLogRepository;
  pushClients: PushClientRepository;
}

const language = (value: string) => (value === 'en' ? 'en' : 'zh-CN');
/** The channels of the 3-minute rule (§9). */
export const isPhone = (channel: string) => channel === 'sms' || channel === 'tel';

/**
 * One attempt at one notification job, whoever runs it (the local poller or a queue's worker):
 * the job is taken in the database first, so two workers never both send it; a text or call
 * takes its number too (the 3-minute rule, in every process at once); every attempt is recorded.
 */
export class NotificationDelivery {
  /** Delivery attempts of this process so far, by channel and result (read by /metrics). */
  readonly results: Record<string, Partial<Record<DeliveryResult, number>>> = {};

  constructor(
    private readonly repositories: DeliveryRepositories,
    private readonly channels: AlarmChannels,
    readonly rules: DeliveryRules,
    private readonly clock: Clock,
  ) {}

  /** Attempts the job; nothing when another worker has taken it. */
  async deliver(job: NotificationJobRow): Promise<DeliveryResult | undefined> {
    const { notifications } = this.repositories;
    const now = this.clock.now();
    if (!(await notifications.claim(job, now, this.rules.leaseMs))) return undefined;
    if (!isPhone(job.channel)) return this.settle(job, await this.attempt(job));
    const number = { channel: job.channel, recipient: job.recipient };
    const rule = { repeatMs: this.rules.phoneRepeatMs, leaseMs: this.rules.leaseMs };
    if (!(await notifications.takeNumber(number, now, rule))) {
      await notifications.settle(
        job,
        { at: now, ok: false, detail: 'the same number was reached less than 3 minutes ago' },
        { status: 'throttled', counted: false },
      );
      return this.count(job.channel, 'throttled');
    }
    const outcome = await this.attempt(job);
    const result = await this.settle(job, outcome);
    await notifications.releaseNumber(
      number,
      now,
      result === 'sent' ? this.clock.now() : undefined,
    );
    return result;
  }

  private async attempt(job: NotificationJobRow): Promise<DeliveryOutcome> {
    try {
      return await this.send(job);
    } catch (error) {
      return { ok: false, retryable: true, reason: String(error) };
    }
  }

  private async settle(job: NotificationJobRow, outcome: DeliveryOutcome): Promise<DeliveryResult> {
    const at = this.clock.now();
    if (outcome.ok) {
      await this.repositories.notifications.settle(
        job,
        { at, ok: true, detail: outcome.reference ?? null },
        { status: 'sent', counted: true },
      );
      return this.count(job.channel, 'sent');
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
    return this.count(job.channel, status === 'pending' ? 'retry' : status);
  }

  private count(channel: string, result: DeliveryResult): DeliveryResult {
    const counts = (this.results[channel] ??= {});
    counts[result] = (counts[result] ?? 0) + 1;
    return result;
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
