import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import { PageLayout } from '../../components/PageLayout';

/** Message tab; the alarm messages arrive with a later issue. */
export default function MessagePage() {
  const { t } = useTranslation();
  return (
    <PageLayout tab title={t('message.title')}>
      <ComingSoon />
    </PageLayout>
  );
}
