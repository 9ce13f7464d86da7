import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage } from './app';

/** The app store as a new page load finds it: `stored` in localStorage, `preferred` the browser's languages. */
async function loadStore(stored: unknown, preferred: string[]) {
  localStorage.setItem('xunji.app', JSON.stringify(stored));
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(preferred);
  vi.resetModules();
  const { useAppStore } = await import('./app');
  return useAppStore.getState();
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the first language', () => {
  it('is Chinese for any zh-* the browser prefers, English for anything else', () => {
    expect(browserLanguage(['zh-CN'])).toBe('zh-CN');
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['zh-Hant-HK'])).toBe('zh-CN');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['en-US', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['en-GB'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('takes the first of the browser’s languages the app speaks', () => {
    expect(browserLanguage(['fr-FR', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['ja', 'en-US', 'zh-CN'])).toBe('en');
  });

  it('follows the browser until the user picks one', async () => {
    expect(
      await loadStore({ state: { pickedLanguage: null }, version: 1 }, ['en-US']),
    ).toMatchObject({ language: 'en', pickedLanguage: null });
    expect(
      await loadStore({ state: { pickedLanguage: null }, version: 1 }, ['zh-TW']),
    ).toMatchObject({ language: 'zh-CN', pickedLanguage: null });
  });

  it('is the user’s pick over the browser’s, and the pick is what is stored', async () => {
    const state = await loadStore({ state: { pickedLanguage: 'zh-CN' }, version: 1 }, ['en-US']);
    expect(state).toMatchObject({ language: 'zh-CN', pickedLanguage: 'zh-CN' });
    const { useAppStore } = await import('./app');
    useAppStore.setState({ language: 'en', pickedLanguage: 'en' });
    const stored = JSON.parse(localStorage.getItem('xunji.app')!) as { state: object };
    expect(stored.state).toMatchObject({ pickedLanguage: 'en' });
    expect(stored.state).not.toHaveProperty('language');
  });

  it('reads the language stored before picks were told apart: English was a pick, Chinese the default', async () => {
    expect(await loadStore({ state: { language: 'en' }, version: 0 }, ['zh-CN'])).toMatchObject({
      language: 'en',
      pickedLanguage: 'en',
    });
    expect(await loadStore({ state: { language: 'zh-CN' }, version: 0 }, ['en-US'])).toMatchObject({
      language: 'en',
      pickedLanguage: null,
    });
  });
});
