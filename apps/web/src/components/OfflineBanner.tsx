import { useTranslation } from 'react-i18next';
import { useServerReach } from '../api/connectivity';
import './offline-banner.css';

/**
 * "Cannot reach the server" while it cannot: under a page's navigation bar, or floating over a
 * page without one (home's map), where it shows only when no page layout is on screen and says
 * it short, to stay clear of the map's buttons.
 */
export function OfflineBanner({ floating = false }: { floating?: boolean }) {
  const { t } = useTranslation();
  const reachable = useServerReach((state) => state.reachable);
  if (reachable) return null;
  return (
    <div
      className={floating ? 'offline-banner offline-banner--floating' : 'offline-banner'}
      role="status"
      data-testid="offline-banner"
    >
      {floating ? t('failure.offlineTitle') : t('failure.offlineBanner')}
    </div>
  );
}
