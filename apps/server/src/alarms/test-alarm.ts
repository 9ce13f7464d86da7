import type { PushMessage } from './alarm-channels.js';

const TEXTS = {
  'zh-CN': { title: '测试报警', body: '这是开发者模式发送的测试报警' },
  en: { title: 'Test alarm', body: 'A test alarm sent from developer mode' },
} as const;

/** What the test alarm shows (alarm 0: no alarm behind it). */
export const testPushMessage = (language: 'zh-CN' | 'en'): PushMessage => ({
  alarmId: 0,
  terminalId: 0,
  ...TEXTS[language],
});
