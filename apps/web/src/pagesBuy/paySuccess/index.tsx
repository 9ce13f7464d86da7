import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { PayResult } from '../../orders/PayResult';
import { useOrderStore } from '../../stores/order';
import { FailureNotice } from '../../components/LoadFailure';

/**
 * /pagesBuy/paySuccess/index?orderId=: where the provider sends the payer back. Follows the order
 * (the one being paid when the provider's return leaves the id out) until the server has it paid.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation();
  const pending = useOrderStore((s) => s.pendingOrderId);
  const orderId = useDeviceId('orderId') ?? pending;
  return (
    <PageLayout title={t('payResult.title')}>
      {orderId === null ? (
        <FailureNotice view="notFound" title={t('orderDetails.notFound')} />
      ) : (
        <PayResult key={orderId} orderId={orderId} />
      )}
    </PageLayout>
  );
}
