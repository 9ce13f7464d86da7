import type { PlaceType, Terminal } from '@xunji/shared';
import { ActionSheet, Popup, SearchBar } from 'antd-mobile';
import { DownOutline, EnvironmentOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { selectDevice } from '../../devices/selection';
import { StateBadge } from '../../devices/StateBadge';
import { useMinuteClock } from '../../devices/useMinuteClock';
import { DeviceCard } from '../../home/DeviceCard';
import { HomeEmpty } from '../../home/HomeEmpty';
import { useCoveredEdge } from '../../home/useCoveredEdge';
import { useHomeDevices } from '../../home/useHomeDevices';
import { useLocateMe } from '../../home/useLocateMe';
import { useRecentTrail } from '../../home/useRecentTrail';
import {
  DeviceMarkersLayer,
  FitBounds,
  follow,
  FollowDevice,
  INITIAL_FOLLOW,
  MapView,
  TrailLayer,
  terminalToMapDevice,
  UserLocationLayer,
  useFlyTo,
  useOfferedSources,
  useSourceText,
  useTileSource,
  type MapDevice,
  type UserPosition,
} from '../../map';
import { NearbyControl, NearbyPlacesLayer } from '../../places/NearbyOnMap';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAppStore } from '../../stores/app';
import { useDeviceStore } from '../../stores/device';
import '../../home/home.css';

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

/** The base map button and its sheet: the sources the operator offers, by their names. */
function MapTypeChooser() {
  const { t } = useTranslation();
  const textOf = useSourceText();
  const shown = useTileSource();
  const offered = useOfferedSources();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('home.mapType')}
        data-testid="map-type"
        onClick={() => setChoosing(true)}
      >
        {textOf(shown.name)}
      </button>
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={t('common.cancel')}
        actions={offered.map((source) => ({
          key: source.id,
          text: textOf(source.name),
          bold: source.id === shown.id,
          onClick: () => {
            useAppStore.setState({ mapSource: source.id });
            setChoosing(false);
          },
        }))}
      />
    </>
  );
}

/**
 * Home (/ and /pages/in/main): every device on the map at zoom 16, the selected one's card, the
 * device switcher, locate-me and the map type. The selected device stays in view in the part of
 * the map the bar and the card leave free: the map centres on its newest position once the
 * server has sent it, again when it is chosen, and follows it as it moves (live, over the socket)
 * until the user moves the map; the follow button brings it back.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { terminals, loaded, fresh } = useHomeDevices();
  const selected = useDeviceStore((state) => state.selectedDevice);
  const now = useMinuteClock();
  const { position, locate } = useLocateMe();
  const [switching, setSwitching] = useState(false);
  const [cardHidden, setCardHidden] = useState(false);
  const [nearby, setNearby] = useState<PlaceType | null>(null);
  const [following, dispatch] = useReducer(follow, INITIAL_FOLLOW);
  const [mapArea, setMapArea] = useState<HTMLDivElement | null>(null);
  const [nav, setNav] = useState<HTMLElement | null>(null);
  const [cardSlot, setCardSlot] = useState<HTMLDivElement | null>(null);

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
  const trail = useRecentTrail(current, now);

  // Centre once the server's newest position of the device is in (not the stored list's).
  const [centredOn, setCentredOn] = useState<number | null>(null);
  if (fresh && current && focus && centredOn !== current.id) {
    setCentredOn(current.id);
    dispatch({ type: 'arrived' });
  }
  const pick = (terminal: Terminal) => {
    selectDevice(terminal);
    setCentredOn(terminal.id);
    dispatch({ type: 'chosen' });
    setCardHidden(false);
    setSwitching(false);
  };

  const showCard = current !== undefined && !cardHidden;
  const coveredTop = useCoveredEdge(mapArea, nav, 'top');
  // The card is DeviceCard's own element, in a slot of ours that has no box.
  const coveredBottom = useCoveredEdge(mapArea, cardSlot?.firstElementChild ?? null, 'bottom');
  const padding = useMemo(
    // A little room around the bar and the card, so a marker is not flush against them.
    () => ({ top: coveredTop + 8, bottom: coveredBottom > 0 ? coveredBottom + 8 : 0 }),
    [coveredTop, coveredBottom],
  );
  const positioned = useMemo(
    () => mapDevices.map(({ latitude, longitude }) => ({ latitude, longitude })),
    [mapDevices],
  );

  return (
    <div className="home">
      <header className="home__nav" ref={setNav}>
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
      <div className="home__map" ref={setMapArea}>
        <MapView center={focus ?? undefined} padding={padding}>
          <TrailLayer points={trail} />
          <DeviceMarkersLayer
            devices={mapDevices}
            selectedId={current?.id ?? null}
            onSelect={(id) => {
              const terminal = terminals.find((candidate) => candidate.id === id);
              if (terminal) pick(terminal);
            }}
            onBlankClick={() => setCardHidden(true)}
          />
          <FollowDevice
            point={focus}
            state={following}
            onUserMove={() => dispatch({ type: 'userMoved' })}
          />
          {current && !focus && (
            // A device that has not reported yet: show where the others are.
            <FitBounds points={positioned} fitKey={current.id} padding={24} maxZoom={16} />
          )}
          <UserLocationLayer position={position} />
          <FlyToUser position={position} />
          <NearbyPlacesLayer type={nearby} point={focus} />
        </MapView>
        <div className="home__tools">
          <MapTypeChooser />
          <NearbyControl value={nearby} onChange={setNearby} />
          <button type="button" aria-label={t('home.locateMe')} onClick={() => void locate()}>
            <EnvironmentOutline />
          </button>
          {current && (
            <button
              type="button"
              className="home__follow"
              aria-label={t('home.followDevice')}
              aria-pressed={following.following}
              disabled={!focus}
              onClick={() => dispatch({ type: 'recentre' })}
            >
              <DeviceIcon type={current.iconType} size={24} />
            </button>
          )}
        </div>
        {terminals.length === 0 && <HomeEmpty loaded={loaded} />}
        {showCard && (
          <div className="home__card" ref={setCardSlot}>
            <DeviceCard terminal={current} now={now} />
          </div>
        )}
      </div>
      <DeviceSwitcher
        terminals={terminals}
        visible={switching}
        onClose={() => setSwitching(false)}
        onPick={pick}
      />
    </div>
  );
}
