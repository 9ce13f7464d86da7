import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { maskPhone } from '../../lib/mask';
import { OauthBindings } from '../../oauth/OauthBindings';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';

export default function AccountSafetyPage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(queries.user);
  const phone = user?.phoneNumber;

  return (
    <PageLayout title={t('safety.title')}>
      <List className="section">
        <List.Item onClick={() => navigateTo(PATHS.amendPwd)}>{t('safety.password')}</List.Item>
        <List.Item
          extra={phone ? maskPhone(phone) : t('safety.notBound')}
          onClick={() => navigateTo(PATHS.bindNumber)}
        >
          {t('safety.phone')}
        </List.Item>
        <List.Item onClick={() => navigateTo(PATHS.writeOff)}>{t('safety.writeOff')}</List.Item>
      </List>
      <OauthBindings />
    </PageLayout>
  );
}
