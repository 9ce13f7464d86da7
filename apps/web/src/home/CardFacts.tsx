import { useTranslation } from 'react-i18next';
import { formatBattery, formatSpeed, signalBars } from '../devices/format';
import type { CardFact } from './card-facts';

/** Four bars, as many lit as the signal is strong. */
function SignalBars({ percent }: { percent: number }) {
  const lit = signalBars(percent);
  return (
    <span className="signal-bars" aria-hidden>
      {[1, 2, 3, 4].map((bar) => (
        <i key={bar} className={bar <= lit ? 'is-lit' : undefined} />
      ))}
    </span>
  );
}

/** A number with its unit set smaller, so four columns fit a 320 px phone. */
const Quantity = ({ value, unit }: { value: string; unit: string }) => (
  <>
    {value} <small className="device-card__unit">{unit}</small>
  </>
);

function FactValue({ fact }: { fact: CardFact }) {
  const { t } = useTranslation();
  switch (fact.key) {
    case 'speed':
      return <Quantity value={formatSpeed(fact.value)} unit="km/h" />;
    case 'acc':
      return <>{fact.value ? t('home.card.accOn') : t('home.card.accOff')}</>;
    case 'todayMileage':
    case 'odometer':
      return <Quantity value={fact.value.toFixed(1)} unit="km" />;
    case 'voltage':
      return <Quantity value={fact.value.toFixed(1)} unit="V" />;
    case 'battery':
      return <>{formatBattery(fact.value)}</>;
    case 'signal':
      return (
        <>
          <SignalBars percent={fact.value} />
          {Math.round(fact.value)}%
        </>
      );
    case 'satellites':
      return <>{fact.value}</>;
    case 'mode':
      return <>{t(`home.lbsMode.${fact.value}`, fact.value)}</>;
    case 'direction':
      return <>{t(`home.direction.${fact.value}`)}</>;
  }
}

/** The facts the device reports, each with its label and unit. */
export function CardFacts({ facts }: { facts: CardFact[] }) {
  const { t } = useTranslation();
  if (facts.length === 0) return null;
  return (
    <dl className="device-card__facts">
      {facts.map((fact) => (
        <div key={fact.key} data-fact={fact.key}>
          <dt>{t(`home.card.fact.${fact.key}`)}</dt>
          <dd>
            <FactValue fact={fact} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
