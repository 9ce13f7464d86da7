import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { useAppStore } from '../../stores/app';

/** Contact us: the support phone and e-mail of the app configuration, and the service hours. */
export default function SupportPage() {
  const { t } = useTranslation();
  const stored = useAppStore((s) => s.config);
  const { data: config = stored } = useQuery(queries.appConfig);

  const contact = (value: string | null | undefined, scheme: 'tel' | 'mailto') =>
    value ? <a href={`${scheme}:${value}`}>{value}</a> : t('support.unavailable');

  return (
    <PageLayout title={t('support.title')}>
      <List className="section">
        <List.Item extra={contact(config?.supportPhone, 'tel')}>{t('support.phone')}</List.Item>
        <List.Item extra={contact(config?.supportEmail, 'mailto')}>{t('support.email')}</List.Item>
        <List.Item description={t('support.hoursValue')}>{t('support.hours')}</List.Item>
      </List>
    </PageLayout>
  );
}
