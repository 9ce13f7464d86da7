import type { NewNotificationJob } from '../db/schema.js';
import type { PushMessage } from './alarm-channels.js';

const TEXTS = {
  'zh-CN': { title: '测试报警', body: '这是开发者模式发送的测试报警' },
  en: { title: 'Test alarm', body: 'A test alarm sent from developer mode' },
} as const;

/** A developer's test alarm (§6) to one of their push clients: a job without an alarm. */
export const testAlarmJob = (
  userId: number,
  clientId: string,
  language: string,
  now: number,
): NewNotificationJob => ({
  alarmId: null,
  userId,
  channel: 'push',
  recipient: clientId,
  language,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  createdAt: now,
});

/** What the test alarm shows (alarm 0: no alarm behind it). */
export const testPushMessage = (language: 'zh-CN' | 'en'): PushMessage => ({
  alarmId: 0,
  terminalId: 0,
  ...TEXTS[language],
});
