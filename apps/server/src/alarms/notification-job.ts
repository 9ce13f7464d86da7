import type { NewNotificationJob, PushClientRow } from '../db/schema.js';
import type { ChannelName } from './alarm-channels.js';

/**
 * A delivery of an alarm (none: a developer's test alarm) to one recipient of one channel, due
 * at once.
 */
export const notificationJob = (
  alarmId: number | null,
  channel: ChannelName,
  recipient: string,
  now: number,
  language = 'zh-CN',
): NewNotificationJob => ({
  alarmId,
  channel,
  recipient,
  language,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  createdAt: now,
});

/** A push to one browser, recorded for the account it belongs to (developer mode's log). */
export const pushJob = (
  alarmId: number | null,
  client: Pick<PushClientRow, 'id' | 'userId' | 'language'>,
  now: number,
): NewNotificationJob => ({
  ...notificationJob(alarmId, 'push', client.id, now, client.language),
  userId: client.userId,
});
