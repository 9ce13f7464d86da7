import type { Language } from '@xunji/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../stores/app';
import type { CoreMessages, DeviceSettingsMessages } from './messages';

type Loader<T> = Record<Language, () => Promise<{ default: T }>>;

/** Only the current language's resources are loaded; the other one when the user switches. */
const resources: Loader<CoreMessages> = {
  'zh-CN': () => import('./zh-CN'),
  en: () => import('./en'),
};

/** The device settings pages' texts come with those pages (the login page never needs them). */
const deviceSettingsResources: Loader<DeviceSettingsMessages> = {
  'zh-CN': () => import('./device-settings/zh-CN'),
  en: () => import('./device-settings/en'),
};
const deviceSettingsLoaded = new Map<Language, Promise<void>>();

/** Resolves once i18next is set up: at launch the first page may ask for texts before that. */
let markInitialised!: () => void;
const initialised = new Promise<void>((resolve) => (markInitialised = resolve));

export async function initI18n(language: Language): Promise<void> {
  const { default: translation } = await resources[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  markInitialised();
}

/** Adds the device settings pages' texts of a language (once) to its resources. */
export function loadDeviceSettingsTexts(
  language: Language = useAppStore.getState().language,
): Promise<void> {
  let loaded = deviceSettingsLoaded.get(language);
  if (!loaded) {
    loaded = Promise.all([
      deviceSettingsResources[language](),
      i18next.isInitialized ? undefined : initialised,
    ]).then(([{ default: texts }]) => {
      i18next.addResourceBundle(language, 'translation', texts, true, false);
    });
    deviceSettingsLoaded.set(language, loaded);
    loaded.catch(() => deviceSettingsLoaded.delete(language));
  }
  return loaded;
}

/** Switches at once and remembers the choice (it also becomes the Accept-Language of calls). */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const { default: translation } = await resources[language]();
    i18next.addResourceBundle(language, 'translation', translation);
  }
  // A settings page may be on screen (or in the back stack): its texts come along.
  if (deviceSettingsLoaded.size > 0) await loadDeviceSettingsTexts(language);
  await i18next.changeLanguage(language);
  useAppStore.setState({ language });
  document.documentElement.lang = language;
}
