import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enDeviceSettings from './device-settings/en';
import zhCNDeviceSettings from './device-settings/zh-CN';
import { changeLanguage, initI18n, loadDeviceSettingsTexts } from './index';

describe('language resources at launch', () => {
  it('keeps the device settings texts a first page asked for before i18next was set up', async () => {
    const texts = loadDeviceSettingsTexts('zh-CN');
    await initI18n('zh-CN');
    await texts;
    expect(i18next.t('voice.terms.title')).toBe(zhCNDeviceSettings.voice.terms.title);
  });

  it('brings the device settings texts of the other language along when switching', async () => {
    await changeLanguage('en');
    expect(i18next.t('voice.terms.title')).toBe(enDeviceSettings.voice.terms.title);
  });
});
