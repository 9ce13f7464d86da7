import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../components/PageLayout';
import { reLaunch } from '../router/navigation';
import { PATHS } from '../router/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('notFound.title')}>
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.text')}>
        <Button color="primary" onClick={() => reLaunch(PATHS.home)}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </PageLayout>
  );
}
