import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import enCore from './core/en';
import zhCNCore from './core/zh-CN';
import enDeviceSettings from './device-settings/en';
import zhCNDeviceSettings from './device-settings/zh-CN';
import en from './en';
import { changeLanguage, initI18n, loadAppTexts, loadDeviceSettingsTexts } from './index';
import zhCN from './zh-CN';

describe('language resources', () => {
  it('at launch hold the texts of the login page and the shell, not those of other pages', async () => {
    const settingsTexts = loadDeviceSettingsTexts('zh-CN');
    await initI18n('zh-CN');
    expect(i18next.t('login.title')).toBe(zhCNCore.login.title);
    expect(i18next.exists('home.mapType')).toBe(false);
    // Asked for by a first page before i18next was set up, and kept.
    await settingsTexts;
    expect(i18next.t('voice.terms.title')).toBe(zhCNDeviceSettings.voice.terms.title);
  });

  it('add the other pages’ texts when those pages load', async () => {
    await loadAppTexts('zh-CN');
    expect(i18next.t('home.mapType')).toBe(zhCN.home.mapType);
  });

  it('switch with every loaded text when the user picks the other language, and keep the pick', async () => {
    await changeLanguage('en');
    expect(i18next.t('login.title')).toBe(enCore.login.title);
    expect(i18next.t('home.mapType')).toBe(en.home.mapType);
    expect(i18next.t('voice.terms.title')).toBe(enDeviceSettings.voice.terms.title);
    expect(useAppStore.getState()).toMatchObject({ language: 'en', pickedLanguage: 'en' });
    expect(document.documentElement.lang).toBe('en');
  });
});
