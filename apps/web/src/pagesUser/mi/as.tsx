import { APP_VERSION, APP_VERSION_CODE } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from '../../components/LegalLinks';
import { PageLayout } from '../../components/PageLayout';
import { useDeveloperTaps } from '../../developer/useDeveloperTaps';

/** About: name, version 1.1.2 and code 103, links to the legal pages. */
export default function AboutPage() {
  const { t } = useTranslation();
  const openDeveloperMode = useDeveloperTaps();
  return (
    <PageLayout title={t('about.title')}>
      <div className="about">
        <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={80} height={80} />
        <h1>{t('app.name')}</h1>
        {/* Tapped 7 times, opens developer mode for an account that has it (§6). */}
        <p className="about__version" data-version onClick={openDeveloperMode}>
          {t('about.version', { version: APP_VERSION })}
        </p>
        <p className="about__muted">{t('about.versionCode', { code: APP_VERSION_CODE })}</p>
        <p className="about__description">{t('about.description')}</p>
        <LegalLinks />
      </div>
    </PageLayout>
  );
}
