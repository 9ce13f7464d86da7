import { useQuery } from '@tanstack/react-query';
import type { ShareInfo, ShareLbs } from '@xunji/shared';
import { DotLoading } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../components/Facts';
import { LoadFailure } from '../components/LoadFailure';
import { MapNote, MapSheetPage } from '../components/MapSheetPage';
import { PageLayout } from '../components/PageLayout';
import { DeviceIcon } from '../devices/DeviceIcon';
import { FixAge } from '../devices/FixAge';
import { ageOf, STALE_AFTER_MS } from '../devices/fix-age';
import { formatLocateTime, formatSpeed } from '../devices/format';
import { Countdown } from './Countdown';
import { isShareEnded, shareQueries } from './queries';
import { ShareEnded } from './ShareEnded';
import { sharedMapDevice } from './share-device';
import { useSecondClock } from './useSecondClock';
import './share.css';

// Leaflet loads only once there is a position to show.
const SharedMap = lazy(() => import('./SharedMap'));

function SharedPosition({ info, lbs, now }: { info: ShareInfo; lbs: ShareLbs; now: number }) {
  const { t } = useTranslation();
  const device = sharedMapDevice(lbs, info.terminalName, info.iconType);
  const age = ageOf(lbs.locateTime, now);
  const stale = lbs.locateTime !== null && now - lbs.locateTime > STALE_AFTER_MS.battery;
  return (
    <MapSheetPage
      title={t('share.title')}
      sheetTestId="share-sheet"
      map={
        device ? (
          <Suspense fallback={null}>
            <SharedMap device={device} />
          </Suspense>
        ) : (
          <MapNote>{t('share.noPosition')}</MapNote>
        )
      }
    >
      <header className="share-head">
        <DeviceIcon type={info.iconType} size={36} />
        <strong className="share-head__name">{info.terminalName}</strong>
        <Countdown expireTime={lbs.expireTime} now={now} />
      </header>
      <p className="share-address" data-testid="share-address">
        {lbs.address ?? t('share.addressUnknown')}
      </p>
      <Facts
        facts={[
          [t('share.speed'), `${formatSpeed(lbs.speed)} km/h`, 'speed'],
          [
            t('share.located'),
            age ? (
              <>
                {formatLocateTime(lbs.locateTime)} · <FixAge age={age} stale={stale} />
              </>
            ) : (
              t('share.noPosition')
            ),
            'age',
          ],
        ]}
      />
    </MapSheetPage>
  );
}

/**
 * `?code=`: the shared device for anyone holding the link, its position asked for every 10 s and
 * whenever the page comes back to view, until the share ends (by time, or revoked: SHARE_ENDED).
 */
export function PublicShare({ code }: { code: string }) {
  const { t } = useTranslation();
  const now = useSecondClock();
  const info = useQuery(shareQueries.info(code));
  const lbs = useQuery(shareQueries.lbs(code));
  const expireTime = lbs.data?.expireTime ?? info.data?.expireTime;
  const ended =
    isShareEnded(info.error) ||
    isShareEnded(lbs.error) ||
    (expireTime !== undefined && expireTime <= now);
  if (ended || !(info.data && lbs.data)) {
    const failed = info.error ?? lbs.error;
    return (
      <PageLayout title={t('share.title')}>
        {ended ? (
          <ShareEnded />
        ) : failed ? (
          <LoadFailure
            error={failed}
            onRetry={() => Promise.all([info.refetch(), lbs.refetch()])}
          />
        ) : (
          <div className="share-loading">
            <DotLoading />
          </div>
        )}
      </PageLayout>
    );
  }
  return <SharedPosition info={info.data} lbs={lbs.data} now={now} />;
}
