import { useQuery } from '@tanstack/react-query';
import { routes, type Terminal } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { DeviceIcon } from '../devices/DeviceIcon';
import { FixAge, useAgeText } from '../devices/FixAge';
import { canManage } from '../devices/manage';
import { formatBattery, formatLocateTime, formatSpeed } from '../devices/format';
import { useFunctionEntries, type FunctionKey } from '../devices/functions';
import { StateBadge } from '../devices/StateBadge';
import { ServiceExpiredLine } from '../commerce/ServiceExpiry';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { CardFacts } from './CardFacts';
import { cardView, type CardView } from './card-facts';
import { useDayStartOdometer } from './useDayStartOdometer';
import './device-card.css';

/** The card's shortcuts, when the device's flags allow them; the rest is under "more". */
const CARD_ACTIONS: FunctionKey[] = ['track', 'fences', 'remoteSettings', 'voice', 'shareLocation'];

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

/** A watch's battery, large: what its family checks first. */
function BatteryLevel({ battery }: { battery: NonNullable<CardView['battery']> }) {
  const { t } = useTranslation();
  const value = formatBattery(battery.percent);
  const low = battery.percent < 20;
  return (
    <span
      className={low ? 'device-card__battery is-low' : 'device-card__battery'}
      data-testid="card-battery"
      aria-label={t('home.card.batteryLevel', { value })}
      title={battery.charging ? t('home.card.charging') : undefined}
    >
      <i
        className="device-card__battery-glyph"
        style={{ '--level': `${battery.percent}%` } as CSSProperties}
      />
      {value}
      {battery.charging ? <span className="device-card__charging">⚡</span> : null}
    </span>
  );
}

/** When the fix was taken and how long ago; a stale one in the warning colour. */
function LocateLine({ terminal, view }: { terminal: Terminal; view: CardView }) {
  const { t } = useTranslation();
  const { age, stale } = view.freshness;
  return (
    <p className="device-card__line" data-testid="card-locate-line">
      {t('home.card.locateTime', { time: formatLocateTime(terminal.locateTime) })}
      {/* The last-speed line already tells the age. */}
      {age && view.lastSpeed === null ? (
        <>
          {' · '}
          <FixAge age={age} stale={stale} />
        </>
      ) : null}
    </p>
  );
}

/** The selected device: its state, the facts it reports, and what can be done with it. */
export function DeviceCard({ terminal, now }: { terminal: Terminal; now: number }) {
  const { t } = useTranslation();
  const ageText = useAgeText();
  const view = cardView(terminal, now, useDayStartOdometer(terminal, now));
  const { freshness } = view;
  const actions = useFunctionEntries(
    terminal.terminalTypeInfo.terminalTypeExtend,
    terminal.id,
    terminal.iccid,
    canManage(terminal),
  ).filter((entry) => CARD_ACTIONS.includes(entry.key));
  return (
    <section
      className={view.reporting ? 'device-card' : 'device-card is-past'}
      aria-label={terminal.terminalName}
      data-testid="device-card"
      data-kind={view.watch ? 'watch' : 'vehicle'}
      data-locate-time={terminal.locateTime ?? undefined}
    >
      <header className="device-card__head">
        <DeviceIcon type={terminal.iconType} size={36} />
        <div className="device-card__title">
          <strong>{terminal.terminalName}</strong>
          <StateBadge
            deviceState={terminal.deviceState}
            motion={terminal.motion && freshness.current}
            context="map"
          />
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
      {view.watch && (view.battery || terminal.simNo) ? (
        <div className="device-card__watch">
          {view.battery ? <BatteryLevel battery={view.battery} /> : <span />}
          {terminal.simNo ? (
            <a
              className="device-card__call"
              href={`tel:${terminal.simNo}`}
              aria-label={t('home.card.callNumber', { number: terminal.simNo })}
            >
              <PhoneFill />
              {t('home.card.call')}
            </a>
          ) : null}
        </div>
      ) : null}
      <ServiceExpiredLine terminal={terminal} now={now} />
      <CardFacts facts={view.facts} />
      {view.lastSpeed !== null && freshness.age ? (
        <p className="device-card__line device-card__last-speed" data-testid="card-last-speed">
          {t('home.card.lastSpeed', {
            speed: formatSpeed(view.lastSpeed),
            age: ageText(freshness.age),
          })}
        </p>
      ) : null}
      <LocateLine terminal={terminal} view={view} />
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
