import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FailureNotice } from '../components/LoadFailure';
import { PageLayout } from '../components/PageLayout';
import { reLaunch } from '../router/navigation';
import { PATHS } from '../router/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('notFound.title')}>
      <FailureNotice view="notFound" title={t('notFound.title')} text={t('notFound.text')}>
        <Button color="primary" onClick={() => reLaunch(PATHS.home)}>
          {t('notFound.home')}
        </Button>
      </FailureNotice>
    </PageLayout>
  );
}
