import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { queries } from '../../../api/queries';
import { navigateBack } from '../../../router/navigation';

/**
 * The upgrade popup. On the web an update is a reload: the service worker's network-first
 * navigation then serves the new index.html and its new assets. A forced update has no way out.
 */
export default function UpgradePopupPage() {
  const { t } = useTranslation();
  const { data: check, isPending } = useQuery(queries.versionCheck);
  if (isPending) return null;

  const hasUpdate = check?.hasUpdate === true;
  return (
    <div className="upgrade">
      <div className="upgrade__card" role="dialog" aria-modal>
        <h2 className="upgrade__title">{hasUpdate ? t('upgrade.title') : t('upgrade.upToDate')}</h2>
        {hasUpdate && check.version && (
          <p className="upgrade__version">{t('upgrade.version', { version: check.version })}</p>
        )}
        {hasUpdate && check.notes && (
          <>
            <h3>{t('upgrade.notes')}</h3>
            <p className="upgrade__notes">{check.notes}</p>
          </>
        )}
        {hasUpdate && (
          <Button block color="primary" onClick={() => window.location.reload()}>
            {t('upgrade.update')}
          </Button>
        )}
        {!check?.force && (
          <Button block fill="none" onClick={navigateBack}>
            {hasUpdate ? t('upgrade.later') : t('common.close')}
          </Button>
        )}
      </div>
    </div>
  );
}
