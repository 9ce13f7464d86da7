import { useQuery } from '@tanstack/react-query';
import { routes, type Terminal } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { DeviceIcon } from '../devices/DeviceIcon';
import { formatBattery, formatLocateTime, formatSpeed } from '../devices/format';
import { useFunctionEntries, type FunctionKey } from '../devices/functions';
import { StateBadge } from '../devices/StateBadge';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { ageOf } from './live-terminals';
import './device-card.css';

/** The card's shortcuts, when the device's flags allow them; the rest is under "more". */
const CARD_ACTIONS: FunctionKey[] = ['track', 'fences', 'remoteSettings', 'voice', 'shareLocation'];

const NONE = '--';

function AddressLine({ terminal }: { terminal: Terminal }) {
  const { t } = useTranslation();
  const { lon, lat } = terminal;
  const looked = useQuery({
    queryKey: ['regeo', lon, lat],
    queryFn: () => call(routes.regeo, { query: { location: `${lon},${lat}` } }, { loading: false }),
    enabled: terminal.TextLocation === null && lon !== null && lat !== null,
    staleTime: Infinity,
  });
  if (lon === null || lat === null) return <>{t('home.card.noPosition')}</>;
  return (
    <>{terminal.TextLocation ?? looked.data?.formattedAddress ?? t('home.card.addressUnknown')}</>
  );
}

/** The selected device: its state, the facts it last reported, and what can be done with it. */
export function DeviceCard({ terminal, now }: { terminal: Terminal; now: number }) {
  const { t } = useTranslation();
  const info = terminal.lbsInfo;
  const age = ageOf(info.lastAlive, now);
  const actions = useFunctionEntries(
    terminal.terminalTypeInfo.terminalTypeExtend,
    terminal.id,
  ).filter((entry) => CARD_ACTIONS.includes(entry.key));
  const facts: [string, string][] = [
    [t('home.card.speed'), `${formatSpeed(info.speed)} km/h`],
    [t('home.card.battery'), formatBattery(info.battery)],
    [t('home.card.signal'), info.wlSignal === null ? NONE : String(info.wlSignal)],
    [t('home.card.satellites'), info.gnssCount === null ? NONE : String(info.gnssCount)],
    [t('home.card.mode'), info.lbsMode ? t(`home.lbsMode.${info.lbsMode}`, info.lbsMode) : NONE],
    [t('home.card.direction'), t(`home.direction.${terminal.dir}`)],
  ];
  return (
    <section
      className="device-card"
      aria-label={terminal.terminalName}
      data-testid="device-card"
      data-locate-time={terminal.locateTime ?? undefined}
    >
      <header className="device-card__head">
        <DeviceIcon type={terminal.iconType} size={36} />
        <div className="device-card__title">
          <strong>{terminal.terminalName}</strong>
          <StateBadge deviceState={terminal.deviceState} motion={terminal.motion} context="map" />
        </div>
        <Button
          size="mini"
          fill="none"
          onClick={() => navigateTo(`${PATHS.openLocation}?id=${terminal.id}`)}
          disabled={terminal.lon === null}
        >
          {t('home.card.navigate')}
        </Button>
      </header>
      <dl className="device-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="device-card__line">
        {t('home.card.locateTime', { time: formatLocateTime(terminal.locateTime) })}
        {age && (
          <span className="device-card__age">
            {' · '}
            {t(`home.card.age.${age.unit}`, { count: age.count })}
          </span>
        )}
      </p>
      <p className="device-card__line device-card__address">
        <AddressLine terminal={terminal} />
      </p>
      <nav className="device-card__actions">
        {actions.map((entry) => (
          <button key={entry.key} type="button" onClick={() => navigateTo(entry.path)}>
            {t(`devices.functions.${entry.key}`)}
          </button>
        ))}
        <button
          type="button"
          onClick={() => navigateTo(`${PATHS.moreFunctions}?id=${terminal.id}`)}
        >
          {t('home.card.more')}
        </button>
      </nav>
    </section>
  );
}
