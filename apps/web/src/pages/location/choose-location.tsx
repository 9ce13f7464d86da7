import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type LatLon } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { MapLocateButton } from '../../components/MapLocateButton';
import { PageLayout } from '../../components/PageLayout';
import { useDebouncedValue } from '../../devices/useDebouncedValue';
import { MapView, PointPicker, UserLocationLayer, type UserPosition } from '../../map';
import { parseStartPoint, setChosenLocation } from '../../map/chosen-location';
import { navigateBack } from '../../router/navigation';
import { coordinatesText } from './external-maps';
import './location.css';

/**
 * The address of a WGS-84 point, cached for the session (the same point never asks twice); in
 * the language of the call (Accept-Language), hence the key.
 */
const regeoWgs84 = (point: LatLon, language: string) => {
  const lon = point.longitude.toFixed(6);
  const lat = point.latitude.toFixed(6);
  return queryOptions({
    queryKey: ['regeo', 'wgs84', lon, lat, language],
    queryFn: () =>
      call(
        routes.regeo,
        { query: { location: `${lon},${lat}`, coordsys: 'wgs84' } },
        { loading: false, toastState: false },
      ),
    staleTime: Infinity,
  });
};

/** The browser's position once; null (after the §8 toast) when it cannot be had. */
function locateOnce(failed: string): Promise<UserPosition | null> {
  return new Promise((resolve) => {
    const fail = () => {
      toast(failed);
      resolve(null);
    };
    if (!('geolocation' in navigator)) {
      fail();
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        }),
      fail,
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}

/** Any point, for the query of a disabled address lookup. */
const NOWHERE: LatLon = { latitude: 0, longitude: 0 };

const samePoint = (a: LatLon | null, b: LatLon | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.latitude.toFixed(6) === b.latitude.toFixed(6) &&
    a.longitude.toFixed(6) === b.longitude.toFixed(6));

/**
 * /choose-location[?latitude=&longitude=] (WGS-84): the user moves the map under a pin; confirm
 * leaves the point (WGS-84, GCJ-02, address) in the chosen-location store and goes back.
 */
export default function ChooseLocationPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [start] = useState(() => parseStartPoint(params));
  const [point, setPoint] = useState<LatLon | null>(start);
  const [me, setMe] = useState<UserPosition | null>(null);
  const [locating, setLocating] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const settled = useDebouncedValue(point);
  const regeo = useQuery({
    ...regeoWgs84(settled ?? NOWHERE, i18n.language),
    enabled: settled !== null,
  });
  const waiting = point !== null && (!samePoint(point, settled) || regeo.isFetching);
  const address = waiting ? null : (regeo.data?.formattedAddress ?? null);

  const locate = async () => {
    setLocating(true);
    const found = await locateOnce(t('errors.locationFailed'));
    setLocating(false);
    if (!found) return;
    setMe(found);
    setPoint({ latitude: found.latitude, longitude: found.longitude });
  };

  const confirm = async () => {
    if (!point) return;
    setConfirming(true);
    const found = await queryClient.fetchQuery(regeoWgs84(point, i18n.language)).catch(() => null);
    setConfirming(false);
    setChosenLocation(point, found?.formattedAddress ?? null);
    navigateBack();
  };

  const center = useMemo(() => start ?? undefined, [start]);

  return (
    <div className="location-page">
      <PageLayout title={t('location.chooseTitle')}>
        <div className="location-map">
          <MapView center={center}>
            <PointPicker value={point} onChange={setPoint} />
            <UserLocationLayer position={me} />
            <div className="location-map__hint">{t('location.dragHint')}</div>
            <MapLocateButton
              label={t('location.locateMe')}
              disabled={locating}
              onClick={() => void locate()}
            />
          </MapView>
        </div>
        <section className="location-sheet" data-testid="choose-location-sheet">
          <p className={address ? 'location-sheet__address' : 'location-sheet__address is-pending'}>
            {address ??
              (waiting || point === null
                ? t('location.addressLoading')
                : t('location.addressUnknown'))}
          </p>
          <div className="location-sheet__meta">
            <span>
              {t('location.wgs84')}{' '}
              <span className="location-sheet__coords">
                {point ? coordinatesText(point) : '--'}
              </span>
            </span>
          </div>
          <div className="location-sheet__actions">
            <Button onClick={navigateBack}>{t('common.cancel')}</Button>
            <Button
              color="primary"
              disabled={point === null}
              loading={confirming}
              onClick={() => void confirm()}
            >
              {t('location.confirm')}
            </Button>
          </div>
        </section>
      </PageLayout>
    </div>
  );
}
