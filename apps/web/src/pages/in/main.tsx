import type { LatLon, Terminal } from '@xunji/shared';
import { ActionSheet, Popup, SearchBar } from 'antd-mobile';
import { DownOutline, EnvironmentOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { selectDevice } from '../../devices/selection';
import { StateBadge } from '../../devices/StateBadge';
import { DeviceCard } from '../../home/DeviceCard';
import { HomeEmpty } from '../../home/HomeEmpty';
import { useHomeDevices } from '../../home/useHomeDevices';
import { useLocateMe } from '../../home/useLocateMe';
import {
  DeviceMarkersLayer,
  FlyTo,
  MapView,
  terminalToMapDevice,
  TILE_SOURCE_IDS,
  UserLocationLayer,
  useFlyTo,
  type MapDevice,
  type UserPosition,
} from '../../map';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAppStore } from '../../stores/app';
import { useDeviceStore } from '../../stores/device';
import '../../home/home.css';

/** Ticks once a minute so "updated 3 min ago" stays true. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function FlyToUser({ position }: { position: UserPosition | null }) {
  const flyTo = useFlyTo();
  useEffect(() => {
    if (position) flyTo(position);
  }, [position, flyTo]);
  return null;
}

function DeviceSwitcher({
  terminals,
  visible,
  onClose,
  onPick,
}: {
  terminals: Terminal[];
  visible: boolean;
  onClose: () => void;
  onPick: (terminal: Terminal) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const key = search.trim().toLowerCase();
  const shown = key
    ? terminals.filter(
        (terminal) =>
          terminal.terminalName.toLowerCase().includes(key) || terminal.terminalNo.includes(key),
      )
    : terminals;
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="home-switcher">
      <SearchBar placeholder={t('devices.list.search')} value={search} onChange={setSearch} />
      <ul className="home-switcher__list">
        {shown.slice(0, 200).map((terminal) => (
          <li key={terminal.id}>
            <button type="button" onClick={() => onPick(terminal)}>
              <DeviceIcon type={terminal.iconType} size={28} />
              <span className="home-switcher__name">{terminal.terminalName}</span>
              <StateBadge
                deviceState={terminal.deviceState}
                motion={terminal.motion}
                context="map"
              />
            </button>
          </li>
        ))}
      </ul>
    </Popup>
  );
}

/**
 * Home (/ and /pages/in/main): every device on the map at zoom 16, the selected one's card, the
 * device switcher, locate-me and the map type. Live positions arrive over the socket.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { terminals, loaded } = useHomeDevices();
  const selected = useDeviceStore((state) => state.selectedDevice);
  const now = useMinuteClock();
  const { position, locate } = useLocateMe();
  const [switching, setSwitching] = useState(false);
  const [choosingSource, setChoosingSource] = useState(false);
  const [cardHidden, setCardHidden] = useState(false);
  const mapSource = useAppStore((state) => state.mapSource);

  const current = terminals.find((terminal) => terminal.id === selected?.id) ?? terminals[0];
  const mapDevices = useMemo(
    () => terminals.map(terminalToMapDevice).filter((d): d is MapDevice => d !== null),
    [terminals],
  );
  const latitude = current?.latWGS84 ?? null;
  const longitude = current?.lonWGS84 ?? null;
  const focus = useMemo(
    () => (latitude !== null && longitude !== null ? { latitude, longitude } : null),
    [latitude, longitude],
  );
  // Centre on a device when it becomes the selection, not at every live move of it.
  const [flyTarget, setFlyTarget] = useState<LatLon | null>(null);
  const focusedId = useRef<number | null>(null);
  useEffect(() => {
    if (!current || !focus || focusedId.current === current.id) return;
    focusedId.current = current.id;
    setFlyTarget(focus);
  }, [current, focus]);
  const pick = (terminal: Terminal) => {
    selectDevice(terminal);
    setCardHidden(false);
    setSwitching(false);
  };

  return (
    <div className="home">
      <header className="home__nav">
        <button
          type="button"
          className="home__switch"
          onClick={() => setSwitching(true)}
          disabled={terminals.length === 0}
        >
          <span>{current?.terminalName ?? t('home.title')}</span>
          {terminals.length > 0 && <DownOutline />}
        </button>
        <button
          type="button"
          className="home__icon-button"
          aria-label={t('devices.list.title')}
          onClick={() => navigateTo(PATHS.deviceList)}
        >
          <UnorderedListOutline />
        </button>
      </header>
      <div className="home__map">
        <MapView center={focus ?? undefined}>
          <DeviceMarkersLayer
            devices={mapDevices}
            selectedId={current?.id ?? null}
            onSelect={(id) => {
              const terminal = terminals.find((candidate) => candidate.id === id);
              if (terminal) pick(terminal);
            }}
            onBlankClick={() => setCardHidden(true)}
          />
          <FlyTo point={flyTarget} />
          <UserLocationLayer position={position} />
          <FlyToUser position={position} />
        </MapView>
        <div className="home__tools">
          <button
            type="button"
            aria-label={t('home.mapType')}
            onClick={() => setChoosingSource(true)}
          >
            {t(`map.source.${mapSource}`)}
          </button>
          <button type="button" aria-label={t('home.locateMe')} onClick={() => void locate()}>
            <EnvironmentOutline />
          </button>
        </div>
        {terminals.length === 0 && <HomeEmpty loaded={loaded} />}
        {current && !cardHidden && <DeviceCard terminal={current} now={now} />}
      </div>
      <DeviceSwitcher
        terminals={terminals}
        visible={switching}
        onClose={() => setSwitching(false)}
        onPick={pick}
      />
      <ActionSheet
        visible={choosingSource}
        onClose={() => setChoosingSource(false)}
        cancelText={t('common.cancel')}
        actions={TILE_SOURCE_IDS.map((id) => ({
          key: id,
          text: t(`map.source.${id}`),
          onClick: () => {
            useAppStore.setState({ mapSource: id });
            setChoosingSource(false);
          },
        }))}
      />
    </div>
  );
}
