import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommerce from '../i18n/commerce/en';
import enDeviceSettings from '../i18n/device-settings/en';
import en from '../i18n/en';
import { useAppStore } from '../stores/app';

/** Tests speak English: i18next with the en resources, and en as the app's language. */
export async function speakEnglish(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...enDeviceSettings, ...enCommerce } } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  useAppStore.setState({ language: 'en' });
}
