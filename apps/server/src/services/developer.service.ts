import type { PushMessagePage } from '@xunji/shared';
import { pushJob } from '../alarms/notification-job.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { MessageLogRepository } from '../repositories/message-log.repository.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';

/** §6 developer mode: only accounts the operator flagged see their message log or test alarms. */
export class DeveloperService {
  constructor(
    private readonly repositories: {
      users: UserRepository;
      messageLog: MessageLogRepository;
      notifications: NotificationRepository;
      pushClients: PushClientRepository;
    },
    private readonly clock: Clock,
    /** Wakes the notification worker, so the test alarm goes out at once. */
    private readonly deliverNow: () => void,
  ) {}

  async pushMessages(
    userId: number,
    query: { page: number; limit: number },
  ): Promise<PushMessagePage> {
    const user = await this.requireDeveloper(userId);
    const { rows, count } = await this.repositories.messageLog.page(
      { userId, phoneNumber: user.phoneNumber, since: user.createdAt },
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      count,
      list: rows.map((row) => ({
        id: Number(row.id),
        channel: row.channel as PushMessagePage['list'][number]['channel'],
        alarmId: row.alarmId === null ? null : Number(row.alarmId),
        alarmType: row.alarmType,
        deviceName: row.deviceName ?? row.terminalNo,
        recipient: row.recipient,
        status: row.status,
        attempts: row.attempts,
        detail: row.detail,
        createTime: Number(row.createdAt),
        sentTime: row.sentAt === null ? null : Number(row.sentAt),
      })),
    };
  }

  /** One push job per push client of the caller; the worker delivers and records them. */
  async testAlarm(userId: number): Promise<{ jobs: number }> {
    await this.requireDeveloper(userId);
    const now = this.clock.now();
    const clients = await this.repositories.pushClients.ofUser(userId);
    await this.repositories.notifications.enqueue(
      // A job without an alarm is a test alarm (notification-worker.ts).
      clients.map((client) => pushJob(null, client, now)),
    );
    this.deliverNow();
    return { jobs: clients.length };
  }

  private async requireDeveloper(userId: number) {
    const user = await this.repositories.users.findById(userId);
    if (user?.developerMode !== 1) throw new AppError('FORBIDDEN');
    return user;
  }
}
