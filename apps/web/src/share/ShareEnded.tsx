import { useTranslation } from 'react-i18next';
import { FailureNotice } from '../components/LoadFailure';

/** The page of a link whose share has expired, was ended by its owner, or never was. */
export function ShareEnded() {
  const { t } = useTranslation();
  return (
    <div data-testid="share-ended">
      <FailureNotice view="expired" title={t('share.ended.title')} text={t('share.ended.text')} />
    </div>
  );
}
