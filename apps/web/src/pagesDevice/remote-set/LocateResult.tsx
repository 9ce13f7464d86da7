import { useQuery } from '@tanstack/react-query';
import { REFRESH_INTERVAL_MS, routes, type CommandRecord, type LatLon } from '@xunji/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { deviceQueries } from '../../devices/queries';
import { formatDateTime } from '../../lib/date';
import { locatedFix, type LocatedFix } from '../../remote/locate-fix';

const LocateFixMap = lazy(() => import('./LocateFixMap'));

function FixAddress({ point }: { point: LatLon }) {
  const { t } = useTranslation();
  const { latitude, longitude } = point;
  const address = useQuery({
    queryKey: ['regeo', 'wgs84', longitude, latitude],
    queryFn: () =>
      call(
        routes.regeo,
        { query: { location: `${longitude},${latitude}`, coordsys: 'wgs84' } },
        { loading: false },
      ),
    staleTime: Infinity,
  });
  if (address.isPending) return null;
  return (
    <p className="locate-result__address">
      {address.data?.formattedAddress || t('remote.locate.addressUnknown')}
    </p>
  );
}

function FixTime({ fix }: { fix: LocatedFix }) {
  const { t } = useTranslation();
  if (fix.time !== null)
    return (
      <p className="locate-result__time">
        {t('remote.locate.fixAt', { time: formatDateTime(fix.time) })}
      </p>
    );
  if (fix.deviceTime === null) return null;
  return (
    <p className="locate-result__time">
      {t('remote.locate.deviceClock', { time: fix.deviceTime })}
    </p>
  );
}

/**
 * Where a locate-now found the device: a small map with a pin, its address and the fix time (in
 * the user's zone), once the device answered; "waiting" until its fix is in.
 */
export function LocateResult({
  terminalId,
  record,
}: {
  terminalId: number;
  record: CommandRecord;
}) {
  const { t } = useTranslation();
  const answered = record.result === 'succeeded';
  const device = useQuery({
    ...deviceQueries.one(terminalId, { loading: false }),
    refetchInterval: REFRESH_INTERVAL_MS,
    enabled: answered,
  });
  if (!answered) return null;
  const fix = locatedFix(record, device.data);
  if (!fix) return <p className="locate-result__waiting">{t('remote.locate.waiting')}</p>;
  return (
    <div className="locate-result">
      <Suspense fallback={<div className="locate-result__map" />}>
        <LocateFixMap key={`${fix.point.latitude},${fix.point.longitude}`} point={fix.point} />
      </Suspense>
      <FixAddress point={fix.point} />
      {/* A position reply's words above already say when. */}
      {record.replyMeaning?.kind === 'position' ? null : <FixTime fix={fix} />}
    </div>
  );
}
