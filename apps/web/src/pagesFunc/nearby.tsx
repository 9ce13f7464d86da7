import { useQuery } from '@tanstack/react-query';
import type { Place, PlaceType } from '@xunji/shared';
import { Button, DotLoading, Empty, List, Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailure } from '../components/LoadFailure';
import { PageLayout } from '../components/PageLayout';
import { deviceQueries } from '../devices/queries';
import { useDeviceId } from '../devices/useDeviceId';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { distanceText } from '../places/distance';
import { usePlacesAround } from '../places/queries';
import '../places/nearby.css';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';

const TYPES: readonly PlaceType[] = ['fuel', 'charging'];

/** The open-location page for a place: its GCJ-02 point, name and address (as uni.openLocation). */
const openLocationPath = (place: Place): string =>
  `${PATHS.openLocation}?${new URLSearchParams({
    latitude: String(place.lat),
    longitude: String(place.lon),
    name: place.name,
    address: place.address,
  })}`;

function Places({ type, deviceId }: { type: PlaceType; deviceId: number }) {
  const { t } = useTranslation();
  const device = useQuery(deviceQueries.one(deviceId));
  const latitude = device.data?.latWGS84 ?? null;
  const longitude = device.data?.lonWGS84 ?? null;
  const point = useMemo(
    () => (latitude !== null && longitude !== null ? { latitude, longitude } : null),
    [latitude, longitude],
  );
  const places = usePlacesAround(type, point);

  if (device.isError) return <DeviceMissing error={device.error} onRetry={device.refetch} />;
  if (device.data && !point) return <Empty description={t('nearby.noPosition')} />;
  if (places.isError) return <LoadFailure error={places.error} onRetry={places.refetch} />;
  if (!places.data)
    return (
      <div className="page__intro" style={{ textAlign: 'center' }}>
        <DotLoading />
      </div>
    );
  if (places.data.list.length === 0) return <Empty description={t(`nearby.none.${type}`)} />;
  return (
    <List data-testid="nearby-list">
      {places.data.list.map((place) => (
        <List.Item
          key={place.id}
          data-place={place.id}
          description={place.address || undefined}
          extra={
            <div style={{ display: 'grid', justifyItems: 'end', gap: 6 }}>
              <span className="nearby-list__distance">{distanceText(place.distance, t)}</span>
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={() => navigateTo(openLocationPath(place))}
              >
                {t('nearby.navigate')}
              </Button>
            </div>
          }
        >
          {place.name}
        </List.Item>
      ))}
    </List>
  );
}

/** /pagesFunc/nearby?id=&type=fuel|charging: petrol or charging stations around the device. */
export default function NearbyPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const [params, setParams] = useSearchParams();
  const type: PlaceType = params.get('type') === 'charging' ? 'charging' : 'fuel';
  const choose = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('type', key);
    setParams(next, { replace: true });
  };
  return (
    <PageLayout title={t('nearby.title')}>
      {id === null ? (
        <DeviceMissing invalidId />
      ) : (
        <>
          <Tabs activeKey={type} onChange={choose}>
            {TYPES.map((key) => (
              <Tabs.Tab key={key} title={t(`nearby.${key}`)} />
            ))}
          </Tabs>
          <Places type={type} deviceId={id} />
        </>
      )}
    </PageLayout>
  );
}
