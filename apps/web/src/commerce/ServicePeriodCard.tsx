import { ActivationState, type Api, type CallResponse } from '@xunji/shared';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../devices/format';

export type ValueAdded = CallResponse<Api['terminalValueAdded']>;

const ACTIVATION_WORDS = {
  [ActivationState.NONE]: 'none',
  [ActivationState.ACTIVE]: 'active',
  [ActivationState.NOT_ACTIVATED]: 'notActivated',
  [ActivationState.TRIAL]: 'trial',
} as const;

interface ServicePeriodCardProps {
  valueAdded: ValueAdded;
  /** A line under the period (why it matters now). */
  note?: ReactNode;
  /** A way on (renew, activate). */
  children?: ReactNode;
}

/** The device's service period, its activation state, and whether it has ended. */
export function ServicePeriodCard({ valueAdded, note, children }: ServicePeriodCardProps) {
  const { t } = useTranslation();
  const word =
    ACTIVATION_WORDS[valueAdded.activationState as keyof typeof ACTIVATION_WORDS] ?? 'none';
  const activated = word === 'active' || word === 'trial';
  // A record that ends where it starts is no period (§4 "not activated"), not an ended one.
  const vipState = activated ? valueAdded.vipState : null;
  const expired = activated && valueAdded.expired;
  return (
    <section className="commerce-card" data-service-expired={expired}>
      <div className="commerce-card__head">
        <h3 className="commerce-card__title">{t('services.period')}</h3>
        {expired ? (
          <Tag color="danger" fill="outline">
            {t('services.expired')}
          </Tag>
        ) : (
          <Tag color={activated ? 'success' : 'default'} fill="outline">
            {t(`services.activationState.${word}`)}
          </Tag>
        )}
      </div>
      <p className="commerce-card__sub" data-testid="service-period">
        {vipState
          ? t('services.periodRange', {
              start: formatDate(vipState.startingTime),
              end: formatDate(vipState.expirationTime),
            })
          : t('services.noPeriod')}
      </p>
      {note ? (
        <p className="commerce-card__note" data-testid="period-note">
          {note}
        </p>
      ) : null}
      {children ? <div className="commerce-card__actions">{children}</div> : null}
    </section>
  );
}
