import { routes } from '@xunji/shared';
import type { Advertisement } from '@xunji/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { QUIET } from '../api/request';
import { useCountdown } from '../hooks/useCountdown';
import { useLaunchStore } from './store';

const dismiss = () => useLaunchStore.setState({ ad: null });

/** The launch advertisement: shown for displaySeconds, skippable; a tap counts and opens its link. */
export default function AdSplash({ ad }: { ad: Advertisement }) {
  const { t } = useTranslation();
  const { remaining } = useCountdown(ad.displaySeconds);

  useEffect(() => {
    if (remaining <= 0) dismiss();
  }, [remaining]);

  const open = () => {
    // Opened from the tap itself (not after the click call answers) so that no popup blocker stops it.
    if (ad.linkUrl) window.open(ad.linkUrl, '_blank', 'noopener');
    call(routes.adClick, { params: { id: ad.id } }, QUIET).catch(() => undefined);
    dismiss();
  };

  return (
    <div className="ad-splash">
      <button type="button" className="ad-splash__open" onClick={open}>
        <img className="ad-splash__image" src={ad.imageUrl} alt={ad.title} onError={dismiss} />
      </button>
      <button type="button" className="ad-splash__skip" onClick={dismiss}>
        {t('ad.skip', { seconds: remaining })}
      </button>
    </div>
  );
}
