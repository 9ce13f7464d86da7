import { describe, expect, it } from 'vitest';
import enCommerce from './commerce/en';
import zhCNCommerce from './commerce/zh-CN';
import enCore from './core/en';
import zhCNCore from './core/zh-CN';
import enDeviceSettings from './device-settings/en';
import zhCNDeviceSettings from './device-settings/zh-CN';
import enApp from './en';
import zhCNApp from './zh-CN';

const zhCN = { ...zhCNApp, ...zhCNDeviceSettings, ...zhCNCommerce };
const en = { ...enApp, ...enDeviceSettings, ...enCommerce };

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

  it('the device settings and purchase texts load apart from the others, without overlapping them', () => {
    const packs = [
      [zhCNApp, enApp],
      [zhCNDeviceSettings, enDeviceSettings],
      [zhCNCommerce, enCommerce],
    ] as const;
    const all = packs.flatMap(([zh]) => Object.keys(zh));
    expect(new Set(all).size).toBe(all.length);
    for (const [zh, english] of packs)
      expect(Object.keys(zh).sort()).toEqual(Object.keys(english).sort());
  });

  it('the texts of launch are those of the app texts that the login page and the shell read', () => {
    expect(keys(enCore)).toEqual(keys(zhCNCore));
    for (const [core, app] of [
      [zhCNCore, zhCNApp],
      [enCore, enApp],
    ] as const) {
      for (const [key, texts] of Object.entries(core)) {
        expect(app[key as keyof typeof core], key).toBe(texts);
      }
    }
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
