import { useTranslation } from 'react-i18next';
import { PATHS } from '../router/paths';
import { AppLink } from './AppLink';

/** 《服务条款》和《隐私政策》 as links, with an optional lead-in text. */
export function LegalLinks({ prefix }: { prefix?: string }) {
  const { t } = useTranslation();
  return (
    <span className="legal-links">
      {prefix}
      <AppLink to={PATHS.serviceTerms}>{t('legal.serviceTerms')}</AppLink>
      {t('legal.and')}
      <AppLink to={PATHS.privacyNotice}>{t('legal.privacyNotice')}</AppLink>
    </span>
  );
}
