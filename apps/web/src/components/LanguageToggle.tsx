import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { useAppStore } from '../stores/app';

/** The other language, named in itself: tapping it is the user's pick (kept over the browser's). */
export function LanguageToggle() {
  const { t } = useTranslation();
  const other = useAppStore((state) => (state.language === 'en' ? 'zh-CN' : 'en'));
  return (
    <button
      type="button"
      className="text-button"
      lang={other}
      onClick={() => void changeLanguage(other)}
    >
      {t(`languages.${other}`)}
    </button>
  );
}
