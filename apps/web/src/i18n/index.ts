import type { Language } from '@xunji/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../stores/app';
import enCore from './core/en';
import zhCNCore from './core/zh-CN';
import type { AppMessages, CommerceMessages, DeviceSettingsMessages } from './messages';

type Loader<T> = Record<Language, () => Promise<{ default: T }>>;

/** Resolves once i18next is set up: at launch the first page may ask for texts before that. */
let markInitialised!: () => void;
const initialised = new Promise<void>((resolve) => (markInitialised = resolve));

/** A set of texts loaded with the pages that need them, once per language. */
function textPack<T extends object>(resources: Loader<T>) {
  const loaded = new Map<Language, Promise<void>>();
  const load = (language: Language = useAppStore.getState().language): Promise<void> => {
    let loading = loaded.get(language);
    if (!loading) {
      loading = Promise.all([
        resources[language](),
        i18next.isInitialized ? undefined : initialised,
      ]).then(([{ default: texts }]) => {
        i18next.addResourceBundle(language, 'translation', texts, true, false);
      });
      loaded.set(language, loading);
      loading.catch(() => loaded.delete(language));
    }
    return loading;
  };
  return { load, inUse: () => loaded.size > 0 };
}

/** Every other page's texts: they arrive with the query layout, the login page never waits for them. */
const appTexts = textPack<AppMessages>({
  'zh-CN': () => import('./zh-CN'),
  en: () => import('./en'),
});

/** The device settings pages' texts come with those pages. */
const deviceSettingsTexts = textPack<DeviceSettingsMessages>({
  'zh-CN': () => import('./device-settings/zh-CN'),
  en: () => import('./device-settings/en'),
});

/** The purchase pages' texts come with those pages. */
const commerceTexts = textPack<CommerceMessages>({
  'zh-CN': () => import('./commerce/zh-CN'),
  en: () => import('./commerce/en'),
});

export const loadAppTexts = appTexts.load;
export const loadCommerceTexts = commerceTexts.load;
export const loadDeviceSettingsTexts = deviceSettingsTexts.load;

/**
 * Sets i18next up with the login page's and the shell's texts, in both languages: they are part
 * of the entry (2 KB gzip), so the first page never waits for a texts file.
 */
export async function initI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { 'zh-CN': { translation: zhCNCore }, en: { translation: enCore } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  markInitialised();
}

/**
 * The user's pick: switches at once and is remembered over the browser's language (it also
 * becomes the Accept-Language of calls).
 */
export async function changeLanguage(language: Language): Promise<void> {
  // Pages on screen (or in the back stack) keep their texts in the new language.
  await Promise.all(
    [appTexts, deviceSettingsTexts, commerceTexts]
      .filter((pack) => pack.inUse())
      .map((pack) => pack.load(language)),
  );
  await i18next.changeLanguage(language);
  useAppStore.setState({ language, pickedLanguage: language });
  document.documentElement.lang = language;
}
