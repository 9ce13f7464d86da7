import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Dismissed once, it stays away on every map until the app is opened again. */
let dismissedThisSession = false;

/**
 * One small notice over the map while its tiles cannot be loaded (not one per tile): the map
 * still shows the offline boundaries, the devices and their trails.
 */
export function TilesNotice({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (!failed || dismissed) return null;
  return (
    <div className="xj-map-notice" role="status">
      <span>{t('map.tilesUnavailable')}</span>
      <button
        type="button"
        aria-label={t('map.dismissNotice')}
        onClick={() => {
          dismissedThisSession = true;
          setDismissed(true);
        }}
      >
        <CloseOutline />
      </button>
    </div>
  );
}
