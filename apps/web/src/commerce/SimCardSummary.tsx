import type { SimCardInfo, SimState } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Facts, type Fact } from '../components/Facts';
import { formatDate } from '../devices/format';
import { formatDateTime } from '../lib/date';
import { formatKb } from './format';
import { UsageBar } from './UsageBar';

const STATE_COLORS: Record<SimState, 'success' | 'primary' | 'default' | 'danger'> = {
  activated: 'success',
  canActivate: 'primary',
  deactivated: 'default',
  expired: 'danger',
};

const KNOWN_OPERATORS = ['cmcc', 'cucc', 'ctcc'] as const;

/** The card: state, usage bars, how old the usage is, its numbers and dates. */
export function SimCardSummary({ card }: { card: SimCardInfo }) {
  const { t } = useTranslation();
  const operator = KNOWN_OPERATORS.find((known) => known === card.operator);
  const date = (time: number | null) => (time === null ? '--' : formatDate(time));
  const facts: Fact[] = [
    [t('sim.msisdn'), card.msisdn ?? '--', 'msisdn'],
    [
      t('sim.operator'),
      operator ? t(`sim.operators.${operator}`) : (card.operator ?? '--'),
      'operator',
    ],
    [t('sim.plan'), card.planName ?? '--', 'plan'],
    [t('sim.activationTime'), date(card.activationTime), 'activationTime'],
    [t('sim.serviceExpiry'), date(card.serviceExpiry), 'serviceExpiry'],
    [t('sim.cardSn'), card.cardSn ?? '--', 'cardSn'],
  ];
  return (
    <>
      <section className="commerce-card" data-sim-state={card.state}>
        <div className="commerce-card__head">
          <h3 className="commerce-card__title">{t('sim.iccid')}</h3>
          <Tag color={STATE_COLORS[card.state]} fill="outline">
            {t(`sim.state.${card.state}`)}
          </Tag>
        </div>
        <p className="commerce-card__sub mono">{card.iccid}</p>
      </section>
      <section className="commerce-card">
        <UsageBar
          name="data"
          label={t('sim.data')}
          used={card.usedDataKb}
          total={card.totalDataKb}
          format={formatKb}
        />
        <UsageBar
          name="sms"
          label={t('sim.sms')}
          used={card.usedSms}
          total={card.totalSms}
          format={(count) => t('sim.smsCount', { count })}
        />
        <p className="usage__age" data-testid="usage-age">
          {card.updatedAt === null
            ? t('sim.notUpdated')
            : t('sim.updatedAt', { time: formatDateTime(card.updatedAt) })}
        </p>
      </section>
      <section className="commerce-card">
        <Facts facts={facts} />
      </section>
    </>
  );
}
