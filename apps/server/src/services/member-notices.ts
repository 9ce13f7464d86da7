import type { MemberNotice } from '@xunji/shared';
import { pushJob } from '../alarms/notification-job.js';
import type { Clock } from '../clock.js';
import type { AlarmLogRow } from '../db/schema.js';
import type { AlarmLogRepository } from '../repositories/alarm-log.repository.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';

/**
 * Tells a device's owner that an account bound it or asks to: a message in the device's list
 * (everyone who sees the device sees who joined) pushed to the owner's browsers alone, whatever
 * the alarm toggles say — the owner must know who else follows the device, and can remove them.
 */
export class MemberNotices {
  constructor(
    private readonly repositories: {
      alarmLogs: AlarmLogRepository;
      notifications: NotificationRepository;
      pushClients: PushClientRepository;
    },
    private readonly clock: Clock,
    private readonly onRaised: (alarm: AlarmLogRow) => void,
  ) {}

  async tell(
    notice: MemberNotice,
    to: { deviceId: number; ownerId: number },
    member: string,
  ): Promise<void> {
    const { alarmLogs, notifications, pushClients } = this.repositories;
    const now = this.clock.now();
    const row = await alarmLogs.insert({
      deviceId: to.deviceId,
      alarmType: notice,
      alarmTime: now,
      member,
      createdAt: now,
    });
    const clients = await pushClients.ofUser(to.ownerId);
    await notifications.enqueue(clients.map((client) => pushJob(row.id, client, now)));
    this.onRaised(row);
  }
}
