import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applyLiveUpdate, routes, type LatLon, type Terminal } from '@xunji/shared';
import { DotLoading, Empty } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { MapLocateButton } from '../../components/MapLocateButton';
import { PageLayout } from '../../components/PageLayout';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { formatLocateTime } from '../../devices/format';
import { deviceKeys, deviceQueries } from '../../devices/queries';
import { StateBadge } from '../../devices/StateBadge';
import { useDeviceId } from '../../devices/useDeviceId';
import { useLiveDevices, useLiveFallbackInterval } from '../../live/socket';
import {
  DeviceMarkersLayer,
  FlyTo,
  MapView,
  PinLayer,
  terminalToMapDevice,
  useFlyTo,
} from '../../map';
import { fromMapCoords, toMapCoords } from '../../map/coords';
import { DeviceMissing } from '../../pagesDevice/info/DeviceMissing';
import {
  coordinatesText,
  externalMapsFor,
  externalMapUrl,
  type ExternalMapId,
  type PlaceToOpen,
} from './external-maps';
import { copyText, openExternalUrl } from './open-external';
import './location.css';

/** Vendor colours of the app tiles (the geo: tile, "other apps", in the app's orange). */
const APP_COLOURS: Record<ExternalMapId, string> = {
  amap: '#1a8cff',
  baidu: '#e53935',
  apple: '#3a3a3c',
  google: '#34a853',
  geo: 'var(--adm-color-primary)',
};

/** The device's address: the one it came with, else looked up (the home card's cache key). */
function useDeviceAddress(terminal: Terminal, gcj02: LatLon) {
  const lon = gcj02.longitude;
  const lat = gcj02.latitude;
  const looked = useQuery({
    queryKey: ['regeo', lon, lat],
    queryFn: () =>
      call(
        routes.regeo,
        { query: { location: `${lon},${lat}` } },
        { loading: false, toastState: false },
      ),
    enabled: terminal.TextLocation === null,
    staleTime: Infinity,
  });
  return {
    address: terminal.TextLocation ?? looked.data?.formattedAddress ?? null,
    pending: terminal.TextLocation === null && looked.isPending,
  };
}

function RecentreButton({ point }: { point: LatLon }) {
  const { t } = useTranslation();
  const flyTo = useFlyTo();
  return <MapLocateButton label={t('location.recentre')} onClick={() => flyTo(point)} />;
}

function DeviceHead({ terminal }: { terminal: Terminal }) {
  return (
    <header className="location-sheet__head">
      <DeviceIcon type={terminal.iconType} size={36} />
      <div className="location-sheet__title">
        <strong>{terminal.terminalName}</strong>
        <StateBadge deviceState={terminal.deviceState} motion={terminal.motion} context="map" />
      </div>
    </header>
  );
}

function DevicePosition({ terminal, wgs84 }: { terminal: Terminal; wgs84: LatLon }) {
  const { t } = useTranslation();
  const gcj02 = useMemo<LatLon>(
    () =>
      terminal.lat !== null && terminal.lon !== null
        ? { latitude: terminal.lat, longitude: terminal.lon }
        : toMapCoords(wgs84, 'gcj02'),
    [terminal.lat, terminal.lon, wgs84],
  );
  const { address, pending } = useDeviceAddress(terminal, gcj02);
  const markers = useMemo(() => {
    const marker = terminalToMapDevice(terminal);
    return marker ? [marker] : [];
  }, [terminal]);
  const place: PlaceToOpen = { name: terminal.terminalName, address, wgs84, gcj02 };

  return (
    <>
      <div className="location-map">
        <MapView center={wgs84}>
          <DeviceMarkersLayer devices={markers} selectedId={terminal.id} />
          <FlyTo point={wgs84} />
          <RecentreButton point={wgs84} />
        </MapView>
      </div>
      <section className="location-sheet" data-testid="open-location-sheet">
        <DeviceHead terminal={terminal} />
        <p className={pending ? 'location-sheet__address is-pending' : 'location-sheet__address'}>
          {address ?? (pending ? t('location.addressLoading') : t('location.addressUnknown'))}
        </p>
        <div className="location-sheet__meta">
          <span>{t('location.locatedAt', { time: formatLocateTime(terminal.locateTime) })}</span>
        </div>
        <OpenInApps place={place} />
      </section>
    </>
  );
}

/** The coordinates to copy and the map apps that open the place. */
function OpenInApps({ place }: { place: PlaceToOpen }) {
  const { t } = useTranslation();
  const apps = useMemo(() => externalMapsFor(navigator.userAgent), []);
  const coordinates = coordinatesText(place.wgs84);
  const open = async (app: ExternalMapId) => {
    const opened = await openExternalUrl(externalMapUrl(app, place));
    if (!opened) toast(t('errors.openLocationFailed'));
  };
  const copy = async () => {
    toast((await copyText(coordinates)) ? t('location.copied') : t('location.copyFailed'));
  };
  return (
    <>
      <div className="location-sheet__meta">
        <span>
          {t('location.wgs84')} <span className="location-sheet__coords">{coordinates}</span>
        </span>
        <button type="button" className="text-button" onClick={() => void copy()}>
          {t('location.copy')}
        </button>
      </div>
      <div className="location-sheet__label">{t('location.openIn')}</div>
      <nav className="location-apps" style={{ gridTemplateColumns: `repeat(${apps.length}, 1fr)` }}>
        {apps.map((app) => (
          <button key={app} type="button" data-app={app} onClick={() => void open(app)}>
            <span className="location-apps__icon" style={{ background: APP_COLOURS[app] }}>
              <EnvironmentOutline />
            </span>
            {t(`location.apps.${app}`)}
          </button>
        ))}
      </nav>
    </>
  );
}

/** A place given by the address (GCJ-02 latitude and longitude, name, address; as uni.openLocation). */
function PlacePosition({ place }: { place: PlaceToOpen }) {
  return (
    <>
      <div className="location-map">
        <MapView center={place.wgs84}>
          <PinLayer point={place.wgs84} tone="red" label="" />
          <FlyTo point={place.wgs84} />
        </MapView>
      </div>
      <section className="location-sheet" data-testid="open-location-sheet">
        <header className="location-sheet__head">
          <div className="location-sheet__title">
            <strong>{place.name}</strong>
          </div>
        </header>
        {place.address ? <p className="location-sheet__address">{place.address}</p> : null}
        <OpenInApps place={place} />
      </section>
    </>
  );
}

/** The place the address names, or null when it names none (a device page then). */
function placeOf(params: URLSearchParams): PlaceToOpen | null {
  const latitude = Number(params.get('latitude') ?? NaN);
  const longitude = Number(params.get('longitude') ?? NaN);
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  const gcj02 = { latitude, longitude };
  return {
    name: params.get('name') ?? '',
    address: params.get('address'),
    gcj02,
    wgs84: fromMapCoords(gcj02, 'gcj02'),
  };
}

function NoPosition({ terminal }: { terminal: Terminal }) {
  const { t } = useTranslation();
  return (
    <div className="location-empty">
      <DeviceHead terminal={terminal} />
      <Empty description={t('location.noPosition')} />
    </div>
  );
}

/** Follows the device while the page is open: live patches, the 10 s refresh while offline. */
function useLiveDevice(id: number | null) {
  const queryClient = useQueryClient();
  const refetchInterval = useLiveFallbackInterval();
  const device = useQuery({
    ...deviceQueries.one(id ?? 0),
    enabled: id !== null,
    refetchInterval,
  });
  useLiveDevices((updates) => {
    if (id === null) return;
    queryClient.setQueryData(deviceKeys.one(id), (current: Terminal | undefined) =>
      current
        ? updates.reduce<Terminal>((next, update) => applyLiveUpdate(next, update), current)
        : current,
    );
  });
  return device;
}

/**
 * /open-location?id=: where a device is, and links that open the place in other map apps; with
 * ?latitude=&longitude=&name=&address= (GCJ-02) the same for a place.
 */
export default function OpenLocationPage() {
  const [params] = useSearchParams();
  const place = useMemo(() => placeOf(params), [params]);
  return place ? <PlacePage place={place} /> : <DevicePage />;
}

function PlacePage({ place }: { place: PlaceToOpen }) {
  const { t } = useTranslation();
  return (
    <div className="location-page">
      <PageLayout title={t('nearby.placeTitle')}>
        <PlacePosition place={place} />
      </PageLayout>
    </div>
  );
}

function DevicePage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useLiveDevice(id);
  const terminal = device.data;
  const latitude = terminal?.latWGS84 ?? null;
  const longitude = terminal?.lonWGS84 ?? null;
  const wgs84 = useMemo(
    () => (latitude !== null && longitude !== null ? { latitude, longitude } : null),
    [latitude, longitude],
  );

  return (
    <div className="location-page">
      <PageLayout title={t('location.openTitle')}>
        {id === null ? (
          <DeviceMissing invalidId />
        ) : terminal ? (
          wgs84 ? (
            <DevicePosition terminal={terminal} wgs84={wgs84} />
          ) : (
            <NoPosition terminal={terminal} />
          )
        ) : device.isError ? (
          <DeviceMissing error={device.error} onRetry={device.refetch} />
        ) : (
          <div className="page__intro" style={{ textAlign: 'center' }}>
            <DotLoading />
          </div>
        )}
      </PageLayout>
    </div>
  );
}
