import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@xunji/shared';
import { Button, DotLoading, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingItem } from '../components/MissingItem';
import { deviceQueries } from '../devices/queries';
import { navigateBack, navigateTo } from '../router/navigation';
import { useEntryRule } from '../router/entry-rule';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';
import { useOrderStore } from '../stores/order';
import { orderDetailsPath, payPath } from './links';
import { nextPoll, PAY_RESULT_WAIT_MS, payResultView } from './pay-result';
import { orderQueries } from './queries';
import { wasPaid } from './status';
import './orders.css';

/** Where to see what a paid order bought: the SIM card for a top-up, the service page otherwise. */
function BoughtLinks({ order }: { order: Order }) {
  const { t } = useTranslation();
  const device = useQuery(deviceQueries.one(order.terminalId));
  const shows = useEntryRule(
    device.data?.terminalTypeInfo.terminalTypeExtend,
    device.data ? device.data.iccid !== null : undefined,
  );
  const topUp = order.kind === 'data' || order.kind === 'sms';
  const [key, path] = topUp
    ? (['simCard', PATHS.simCard] as const)
    : (['service', PATHS.valueAdded] as const);
  if (!shows(path)) return null;
  return (
    <Button
      block
      color="primary"
      data-link={key}
      onClick={() => navigateTo(`${path}?id=${order.terminalId}`)}
    >
      {t(`payResult.${key}`)}
    </Button>
  );
}

/** "Pay again" for a closed order whose purchase is still the one being made. */
function PayAgain({ order }: { order: Order }) {
  const { t } = useTranslation();
  const draft = useOrderStore((s) => s.draft);
  const auditMode = useAppStore((s) => s.auditMode);
  const same = draft?.terminalId === order.terminalId && draft.product.id === order.productId;
  if (!same || auditMode) return null;
  return (
    <Button block color="primary" onClick={() => navigateTo(payPath(order.terminalId))}>
      {t('payResult.payAgain')}
    </Button>
  );
}

/**
 * Follows an order until the server says it is paid or closed: GET /order/{id} every 2 s for up
 * to 2 minutes, then "not heard yet" with a refresh that waits again.
 */
export function PayResult({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [since, setSince] = useState(() => Date.now());
  const [waitOver, setWaitOver] = useState(false);
  const order = useQuery({
    ...orderQueries.one(orderId),
    refetchInterval: (query) => nextPoll(query.state.data?.status, waitOver),
  });

  const paid = order.data !== undefined && wasPaid(order.data.status);
  useEffect(() => {
    // What the order bought changed the device, its card and their lists.
    if (paid) void queryClient.invalidateQueries();
  }, [paid, queryClient]);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setWaitOver(true),
      since + PAY_RESULT_WAIT_MS - Date.now(),
    );
    return () => window.clearTimeout(timer);
  }, [since]);

  const waitAgain = () => {
    setWaitOver(false);
    setSince(Date.now());
    return order.refetch();
  };

  if (order.isError && !order.data)
    return (
      <MissingItem
        text={t('orderDetails.notFound')}
        backText={t('orderDetails.back')}
        onBack={navigateBack}
        failure={{ error: order.error, onRetry: order.refetch }}
      />
    );
  const view = payResultView(order.data?.status, waitOver);
  const data = order.data;
  if (view === 'loading' || !data)
    return (
      <div className="pay-result">
        <DotLoading color="primary" />
      </div>
    );
  return (
    <div data-pay-result={view}>
      {view === 'paid' ? (
        <Result
          status="success"
          title={t('payResult.paid')}
          description={t('payResult.paidText', {
            product: data.productName,
            device: data.terminalName,
          })}
        />
      ) : view === 'closed' ? (
        <Result
          status="info"
          title={t('payResult.closed')}
          description={t('payResult.closedText')}
        />
      ) : view === 'notHeard' ? (
        <Result
          status="warning"
          title={t('payResult.notHeard')}
          description={t('payResult.notHeardText')}
        />
      ) : (
        <Result
          status="waiting"
          title={
            <>
              {t('payResult.waiting')}
              <DotLoading />
            </>
          }
          description={t('payResult.waitingText')}
        />
      )}
      <div className="order-actions">
        {view === 'paid' ? <BoughtLinks order={data} /> : null}
        {view === 'closed' ? <PayAgain order={data} /> : null}
        {view === 'notHeard' ? (
          <Button block color="primary" onClick={() => void waitAgain()}>
            {t('payResult.refresh')}
          </Button>
        ) : null}
        <Button
          block
          fill="outline"
          data-link="order"
          onClick={() => navigateTo(orderDetailsPath(data.id))}
        >
          {t('payResult.viewOrder')}
        </Button>
      </div>
    </div>
  );
}
