import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Placeholder body of the pages a later issue fills in. */
export function ComingSoon() {
  const { t } = useTranslation();
  return <Empty className="coming-soon" description={t('common.comingSoon')} />;
}
