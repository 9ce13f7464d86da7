import { useQueries, useQuery } from '@tanstack/react-query';
import { ActivationState, SERVICE_PATHS } from '@xunji/shared';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DevicePurchasePage, type DevicePurchaseContext } from '../../commerce/DevicePurchasePage';
import { PackagesSection } from '../../commerce/PackagesSection';
import { useCanBuy } from '../../commerce/purchase';
import { commerceQueries } from '../../commerce/queries';
import { ServicePeriodCard } from '../../commerce/ServicePeriodCard';
import { useEntryRule } from '../../router/entry-rule';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';

function ValueAddedServices({ terminalId, valueAdded, flags }: DevicePurchaseContext) {
  const { t } = useTranslation();
  const shows = useEntryRule(flags);
  const canBuy = useCanBuy();
  const tel = useQuery({ ...commerceQueries.telPackages(terminalId), enabled: canBuy });
  // A path leads to its details only when something is on sale there.
  const pathLists = useQueries({
    queries: SERVICE_PATHS.map((path) => ({
      ...commerceQueries.servicePackages(path, terminalId),
      enabled: canBuy,
    })),
  });
  const onSale = SERVICE_PATHS.filter((_, i) => (pathLists[i]?.data?.length ?? 0) > 0);
  const activated =
    valueAdded.activationState === ActivationState.ACTIVE ||
    valueAdded.activationState === ActivationState.TRIAL;
  return (
    <>
      <ServicePeriodCard valueAdded={valueAdded}>
        {shows(PATHS.activation) ? (
          <Button
            size="small"
            color="primary"
            data-link="activation"
            onClick={() => navigateTo(`${PATHS.activation}?id=${terminalId}`)}
          >
            {activated ? t('services.renew') : t('services.activate')}
          </Button>
        ) : null}
      </ServicePeriodCard>
      {canBuy ? (
        <>
          <PackagesSection
            title={t('services.telPackages')}
            hint={t('services.telHint')}
            packages={tel}
            terminalId={terminalId}
          />
          {onSale.length > 0 ? (
            <section className="packages">
              <h3 className="packages__title">{t('services.more')}</h3>
              <List mode="card" className="service-paths" style={{ margin: '8px 0 0' }}>
                {onSale.map((path) => (
                  <List.Item
                    key={path}
                    data-path={path}
                    description={t(`services.paths.${path}.text`)}
                    onClick={() =>
                      navigateTo(`${PATHS.valueAddedDetails}?id=${terminalId}&path=${path}`)
                    }
                  >
                    {t(`services.paths.${path}.title`)}
                  </List.Item>
                ))}
              </List>
            </section>
          ) : null}
        </>
      ) : null}
      {shows(PATHS.deviceOrders) ? (
        <List mode="card">
          <List.Item
            data-link="orders"
            onClick={() => navigateTo(`${PATHS.deviceOrders}?id=${terminalId}`)}
          >
            {t('orders.deviceTitle')}
          </List.Item>
        </List>
      ) : null}
    </>
  );
}

/** /pagesBuy/service/index?id=: the device's service period, call minutes and value-added services. */
export default function ValueAddedPage() {
  const { t } = useTranslation();
  return (
    <DevicePurchasePage title={t('services.title')}>
      {(context) => <ValueAddedServices {...context} />}
    </DevicePurchasePage>
  );
}
