import { useQuery } from '@tanstack/react-query';
import { OrderStatus, type Order } from '@xunji/shared';
import { formatPrice } from '../../commerce/format';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from '../../api/feedback';
import { Facts, type Fact } from '../../components/Facts';
import { MissingItem } from '../../components/MissingItem';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { formatDateTime } from '../../lib/date';
import { OrderStatusTag } from '../../orders/OrderStatusTag';
import { orderQueries } from '../../orders/queries';
import { canAskForRefund } from '../../orders/refund';
import { RefundForm } from '../../orders/RefundForm';
import { RefundRequestFacts } from '../../orders/RefundRequestFacts';
import { copyText } from '../../pages/location/open-external';
import { navigateBack } from '../../router/navigation';
import '../../orders/orders.css';

function OrderNumber({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(orderNo)) toast(t('orderDetails.copied'));
  };
  return (
    <>
      <span className="order-no">{orderNo}</span>{' '}
      <Button size="mini" fill="none" color="primary" onClick={() => void copy()}>
        {t('orderDetails.copy')}
      </Button>
    </>
  );
}

function orderFacts(order: Order, t: TFunction): Fact[] {
  const time = (value: number | null) => (value === null ? '--' : formatDateTime(value));
  const facts: Fact[] = [
    [t('orderDetails.orderNo'), <OrderNumber orderNo={order.orderNo} />, 'orderNo'],
    [t('orderDetails.status'), <OrderStatusTag status={order.status} />, 'status'],
    [t('orderDetails.product'), order.productName, 'product'],
    [t('orderDetails.device'), order.terminalName, 'device'],
    [t('orderDetails.amount'), formatPrice(order.amountFen), 'amount'],
    [t('orderDetails.count'), String(order.count), 'count'],
    [t('orderDetails.provider'), t(`pay.provider.${order.provider}`), 'provider'],
    [t('orderDetails.createTime'), time(order.createTime), 'createTime'],
    [t('orderDetails.payTime'), time(order.payTime), 'payTime'],
  ];
  if (order.payTime === null && order.closeTime !== null)
    facts.push([
      t(order.status === OrderStatus.UNPAID ? 'orderDetails.closesAt' : 'orderDetails.closeTime'),
      time(order.closeTime),
      'closeTime',
    ]);
  if (order.refundedFen > 0)
    facts.push([t('orderDetails.refunded'), formatPrice(order.refundedFen), 'refunded']);
  return facts;
}

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const mayAsk = canAskForRefund(order);
  return (
    <>
      <section className="order-card">
        <Facts facts={orderFacts(order, t)} />
      </section>
      {order.refund || mayAsk ? (
        <section className="order-card" data-testid="refund">
          <h2 className="order-card__title">{t('refund.title')}</h2>
          <p className="order-card__note">{t('refund.note')}</p>
          {order.refund ? <RefundRequestFacts refund={order.refund} /> : null}
          {mayAsk && asking ? <RefundForm order={order} onSent={() => setAsking(false)} /> : null}
          {mayAsk && !asking ? (
            <div className="order-actions">
              <Button block color="primary" fill="outline" onClick={() => setAsking(true)}>
                {t('refund.request')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** /pagesBuy/order/specifics?orderId=: one order, its refund request and the refund form. */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const orderId = useDeviceId('orderId');
  const order = useQuery({ ...orderQueries.one(orderId ?? 0), enabled: orderId !== null });
  const missing = (failure?: { error: unknown; onRetry: () => unknown }) => (
    <MissingItem
      text={t('orderDetails.notFound')}
      backText={t('orderDetails.back')}
      onBack={navigateBack}
      failure={failure}
    />
  );
  return (
    <PageLayout title={t('orderDetails.title')}>
      {orderId === null ? (
        missing()
      ) : order.data ? (
        <OrderDetails order={order.data} />
      ) : order.isError ? (
        missing({ error: order.error, onRetry: order.refetch })
      ) : (
        <div className="pay-result">
          <DotLoading color="primary" />
        </div>
      )}
    </PageLayout>
  );
}
