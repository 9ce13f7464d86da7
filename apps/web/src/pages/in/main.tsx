import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import { PageLayout } from '../../components/PageLayout';

/** Home tab (/ and /pages/in/main); the map and devices arrive with a later issue. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <PageLayout tab title={t('home.title')}>
      <ComingSoon />
    </PageLayout>
  );
}
