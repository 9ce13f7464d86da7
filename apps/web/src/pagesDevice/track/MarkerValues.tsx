import { useQuery } from '@tanstack/react-query';
import { compassDirection, routes, trackPointAt, type TrackColumns } from '@xunji/shared';
import dayjs from 'dayjs';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { formatSpeed } from '../../devices/format';
import type { PlaybackClock } from '../../history/playback-clock';
import type { Timeline } from '../../history/playback';

/** The address of a WGS-84 point, asked only when the user wants it. */
function AddressOnDemand({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<string | null>(null);
  const location = `${longitude.toFixed(6)},${latitude.toFixed(6)}`;
  const address = useQuery({
    queryKey: ['regeo', 'wgs84', location],
    queryFn: () =>
      call(routes.regeo, { query: { location, coordsys: 'wgs84' } }, { loading: false }),
    enabled: asked === location,
    staleTime: Infinity,
  });
  if (asked !== location)
    return (
      <button type="button" className="track-values__link" onClick={() => setAsked(location)}>
        {t('history.marker.showAddress')}
      </button>
    );
  if (address.isPending) return <span>{t('common.loading')}</span>;
  return <span>{address.data?.formattedAddress ?? t('home.card.addressUnknown')}</span>;
}

/** Time, speed, direction and fix of the point at the playback marker. */
export function MarkerValues({
  columns,
  timeline,
  clock,
}: {
  columns: TrackColumns;
  timeline: Timeline;
  clock: PlaybackClock;
}) {
  const { t } = useTranslation();
  const { step } = useSyncExternalStore(clock.subscribe, clock.getState);
  const index = timeline.indices[step];
  if (index === undefined) return null;
  const point = trackPointAt(columns, index);
  return (
    <dl className="track-values">
      <div>
        <dt>{t('history.marker.time')}</dt>
        <dd data-testid="track-marker-time">{dayjs(point.time).format('HH:mm:ss')}</dd>
      </div>
      <div>
        <dt>{t('history.marker.speed')}</dt>
        <dd>{formatSpeed(point.speed)} km/h</dd>
      </div>
      <div>
        <dt>{t('history.marker.direction')}</dt>
        <dd>{t(`home.direction.${compassDirection(point.course)}`)}</dd>
      </div>
      <div>
        <dt>{t('history.marker.mode')}</dt>
        <dd>{t(`home.lbsMode.${point.lbsMode}`)}</dd>
      </div>
      <div className="track-values__address">
        <dt>{t('history.marker.address')}</dt>
        <dd>
          <AddressOnDemand latitude={point.latitude} longitude={point.longitude} />
        </dd>
      </div>
    </dl>
  );
}
