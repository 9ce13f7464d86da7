import { useTranslation } from 'react-i18next';
import { FailureNotice } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { PurchaseGate } from '../../orders/PurchaseGate';
import { useOrderStore } from '../../stores/order';
import { DeviceMissing } from '../../pagesDevice/info/DeviceMissing';
import { Checkout } from './Checkout';

/**
 * /pagesBuy/card/index?id=<deviceId>: pay for the purchase a package page started (the order
 * store's draft) — the summary, the provider and the hand-off to it.
 */
export default function PayPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const draft = useOrderStore((s) => s.draft);
  return (
    <PageLayout title={t('pay.title')}>
      <PurchaseGate>
        {id === null ? (
          <DeviceMissing invalidId />
        ) : draft?.terminalId === id ? (
          <Checkout draft={draft} />
        ) : (
          <FailureNotice
            view="notFound"
            title={t('pay.nothingToPay')}
            text={t('pay.nothingToPayText')}
          />
        )}
      </PurchaseGate>
    </PageLayout>
  );
}
