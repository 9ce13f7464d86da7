import { describe, expect, it } from 'vitest';
import enDeviceSettings from './device-settings/en';
import zhCNDeviceSettings from './device-settings/zh-CN';
import enCore from './en';
import zhCNCore from './zh-CN';

const zhCN = { ...zhCNCore, ...zhCNDeviceSettings };
const en = { ...enCore, ...enDeviceSettings };

/** Every leaf as "path = value", array items by index. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}
const keys = (resource: unknown) =>
  leaves(resource)
    .map(([key]) => key)
    .sort();

describe('language resources', () => {
  it('zh-CN and en have identical key sets', () => {
    expect(keys(en)).toEqual(keys(zhCN));
  });

  it('the device settings texts load apart from those of launch, without overlapping them', () => {
    const launch = Object.keys(zhCNCore);
    expect(Object.keys(zhCNDeviceSettings).filter((key) => launch.includes(key))).toEqual([]);
    expect(Object.keys(zhCNDeviceSettings).sort()).toEqual(Object.keys(enDeviceSettings).sort());
  });

  it('every entry is a non-empty string', () => {
    for (const [key, value] of [...leaves(zhCN), ...leaves(en)]) {
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
    }
  });

  it('has the generic texts of spec §8 in English', () => {
    const texts = Object.values(en.errors).map((text) => text.toLowerCase());
    for (const text of [
      'System Error',
      'Request Error',
      'Request Timeout',
      'Please check the network connection',
      'System error please try again later',
      'Not loaded into the data package please try again later',
      'connection to server timed out, tap screen to retry',
      'operation too fast',
      'set failed',
      'Wechat binding error',
      'Operation Failure',
      'Download and play failed',
      'QR code saving failed',
      'Qr code unavailable',
      'get location failed',
      'open location failed',
    ]) {
      expect(texts, text).toContain(text.toLowerCase());
    }
    expect(texts.some((text) => text.startsWith('save playback failed'))).toBe(true);
  });
});
