import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DevicePurchasePage, type DevicePurchaseContext } from '../../commerce/DevicePurchasePage';
import { PackagesSection } from '../../commerce/PackagesSection';
import { useCanBuy } from '../../commerce/purchase';
import { commerceQueries } from '../../commerce/queries';
import { planTypeOf } from '../../commerce/service-expiry';
import { ServicePeriodCard } from '../../commerce/ServicePeriodCard';
import { formatDate } from '../../devices/format';

function Plans({ terminalId, valueAdded }: DevicePurchaseContext) {
  const { t } = useTranslation();
  const canBuy = useCanBuy();
  const type = planTypeOf(valueAdded.activationState);
  const plans = useQuery({ ...commerceQueries.vipPlans(type, terminalId), enabled: canBuy });
  const { vipState, expired } = valueAdded;
  return (
    <>
      <ServicePeriodCard
        valueAdded={valueAdded}
        note={
          type === 'activation'
            ? t('activation.notActivated')
            : expired && vipState
              ? t('activation.endedOn', { date: formatDate(vipState.expirationTime) })
              : null
        }
      />
      {canBuy ? (
        <PackagesSection
          title={type === 'renewal' ? t('activation.renewPlans') : t('activation.plans')}
          hint={type === 'activation' ? t('activation.trialOnce') : undefined}
          packages={plans}
          terminalId={terminalId}
        />
      ) : null}
    </>
  );
}

/**
 * /pagesBuy/appreciation/index?id=: activation plans with the 7-day trial, or renewal plans once
 * the device has had a service period; the current period and its end.
 */
export default function ActivationPage() {
  const { t } = useTranslation();
  return (
    <DevicePurchasePage title={t('activation.title')}>
      {(context) => <Plans {...context} />}
    </DevicePurchasePage>
  );
}
