import type { Language } from '@xunji/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../stores/app';
import type { Messages } from './messages';

/** Only the current language's resources are loaded; the other one when the user switches. */
const resources: Record<Language, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('./zh-CN'),
  en: () => import('./en'),
};

export async function initI18n(language: Language): Promise<void> {
  const { default: translation } = await resources[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
}

/** Switches at once and remembers the choice (it also becomes the Accept-Language of calls). */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const { default: translation } = await resources[language]();
    i18next.addResourceBundle(language, 'translation', translation);
  }
  await i18next.changeLanguage(language);
  useAppStore.setState({ language });
  document.documentElement.lang = language;
}
