import type { NewNotificationJob } from '../db/schema.js';
import type { ChannelName } from './alarm-channels.js';

/** A delivery of an alarm to one recipient of one channel, due at once. */
export const notificationJob = (
  alarmId: number,
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
