import type { Language } from '@xunji/shared';
// The module itself, not antd-mobile's index: from the entry, the index would drag its global
// styles and shared chunks into the login page's first files (+2.9 KB gzip, 6 files more).
import { ConfigProvider } from 'antd-mobile/es/components/config-provider/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useState, type ReactNode } from 'react';
import { useAppStore } from '../stores/app';

type AntdLocale = typeof zhCN;

/**
 * antd-mobile's own words (pull to refresh, the calendar's weekdays, pickers) per language. Its
 * Chinese is its default and already in the entry; English is a small chunk of its own, loaded
 * only when the app speaks English.
 */
const loaders: Record<Language, () => Promise<AntdLocale>> = {
  'zh-CN': () => Promise.resolve(zhCN),
  en: () => import('antd-mobile/es/locales/en-US').then((module) => module.default),
};

const loaded = new Map<Language, AntdLocale>([['zh-CN', zhCN]]);

function loadLocale(language: Language): Promise<AntdLocale> {
  return loaders[language]().then((locale) => {
    loaded.set(language, locale);
    return locale;
  });
}

// At launch, alongside the language resources: the first page finds its words loaded.
void loadLocale(useAppStore.getState().language).catch(() => undefined);

/** Gives antd-mobile the app's language, following every switch. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const [locale, setLocale] = useState(() => loaded.get(language) ?? zhCN);

  useEffect(() => {
    let current = true;
    loadLocale(language).then(
      (next) => current && setLocale(next),
      // A chunk that fails to load leaves antd-mobile's words as they were.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
