import { classifyReply, type Language } from '@xunji/shared';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enDeviceSettings from '../i18n/device-settings/en';
import zhDeviceSettings from '../i18n/device-settings/zh-CN';
import { formatDateTime } from '../lib/date';
import { replyWords } from './reply-words';

const speakers: Partial<Record<Language, TFunction>> = {};

beforeAll(async () => {
  const resources = { 'zh-CN': zhDeviceSettings, en: enDeviceSettings };
  for (const language of ['zh-CN', 'en'] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: resources[language] } },
      interpolation: { escapeValue: false },
    });
    speakers[language] = instance.t;
  }
});

/** The words of a real reply text in a language. */
function words(language: Language, text: string): string {
  const meaning = classifyReply(text);
  if (!meaning) throw new Error(`not a known reply: ${text}`);
  return replyWords(speakers[language]!, meaning);
}

describe('device replies in the user’s language', () => {
  it.each([
    ['Cut off the fuel supply: Success!', '油路和电路已断开', 'Oil and power are cut'],
    ['恢复油电成功！', '油路和电路已恢复', 'Oil and power are restored'],
    [
      'Already in the state of fuel supply cut off, the command is not running!',
      '设备本来就处于断油断电状态，未重复执行',
      'Oil and power were already cut; nothing changed',
    ],
    [
      'Cut off the fuel supply: Delay! speed limit: 20km/h.',
      '车速超过 20 km/h，设备将在车速降低后自动断油断电',
      'Faster than 20 km/h: the device will cut once the vehicle slows down',
    ],
    [
      'Cut off the fuel supply: Fail! Speed limit 20km/h, current speed 45km/h.',
      '车速 45 km/h，超过 20 km/h，设备拒绝断油断电',
      'Refused: the vehicle goes 45 km/h, above the 20 km/h limit',
    ],
    ['TIMER OK: 10s', '设备已改为每 10 秒上报一次', 'The device now reports every 10 s'],
    ['0x8105: unsupported', '终端应答：不支持该指令', 'The device answered: not supported'],
  ])('%s', (text, zh, en) => {
    expect(words('zh-CN', text)).toBe(zh);
    expect(words('en', text)).toBe(en);
  });

  it('puts a position reply’s time in the user’s zone when the reply names its own', () => {
    const text = 'Lat:N31.230416,Lon:E121.473701,Speed:36km/h,DateTime:2025-01-02T03:04:05Z';
    const local = formatDateTime(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(words('zh-CN', text)).toBe(
      `位置：北纬 31.23042°，东经 121.47370°，36 km/h，定位于 ${local}（本机时间）`,
    );
    expect(words('en', text)).toBe(
      `Position 31.23042° N, 121.47370° E, 36 km/h, fixed at ${local} (your time)`,
    );
  });

  it('keeps a bare time as the device wrote it, saying it is the device’s clock', () => {
    const text =
      'Current position! Lat:S3.742878,Lon:W38.523186,Course:280.47,Speed:0.00Km/h,DateTime:2015-06-19 02:40:39';
    expect(words('zh-CN', text)).toBe(
      '位置：南纬 3.74288°，西经 38.52319°，0 km/h，设备时间 2015-06-19 02:40:39（设备所设时区）',
    );
    expect(words('en', text)).toBe(
      'Position 3.74288° S, 38.52319° W, 0 km/h, device clock 2015-06-19 02:40:39 (the device’s own time zone)',
    );
  });
});
