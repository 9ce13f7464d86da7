import { useQuery } from '@tanstack/react-query';
import { formatFen, type CreatedOrder, type PayProvider, type ServicePackage } from '@xunji/shared';
import { Button, List, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../api/queries';
import { usePackageTerms } from '../../commerce/PackageCard';
import { formatPrice } from '../../commerce/format';
import { toast } from '../../api/feedback';
import { Facts, type Fact } from '../../components/Facts';
import { LoadFailure } from '../../components/LoadFailure';
import { deviceQueries } from '../../devices/queries';
import { useAction } from '../../hooks/useAction';
import { currentClientType } from '../../orders/client-type';
import { handOff } from '../../orders/handoff';
import { payResultPath } from '../../orders/links';
import { PayResult } from '../../orders/PayResult';
import { QrCode } from '../../orders/QrCode';
import { createOrder, orderQueries } from '../../orders/queries';
import { redirectTo } from '../../router/navigation';
import { orderCreated, type PurchaseDraft } from '../../stores/order';

function Price({ product }: { product: ServicePackage }) {
  return (
    <>
      {product.originalPriceFen !== null && product.originalPriceFen > product.priceFen ? (
        <span className="order-amount--was">{formatPrice(product.originalPriceFen)}</span>
      ) : null}
      <span className="order-amount">{formatPrice(product.priceFen)}</span>
    </>
  );
}

/**
 * The pay page's body for a purchase draft: the summary (the server's amount and order number
 * once created), the providers this browser can pay with, the pay button and the hand-off; a QR
 * code to scan on a desktop, with the order followed below it.
 */
export function Checkout({ draft }: { draft: PurchaseDraft }) {
  const { t } = useTranslation();
  const { product, terminalId, iccid } = draft;
  // Where this browser pays does not change while the page is open.
  const [clientType] = useState(currentClientType);
  const device = useQuery(deviceQueries.one(terminalId));
  const user = useQuery(queries.user);
  const providers = useQuery(orderQueries.providers);
  const usable = (providers.data ?? []).filter((p) => p.clientTypes.includes(clientType));
  const [chosen, setChosen] = useState<PayProvider | null>(null);
  const provider = chosen ?? usable[0]?.provider ?? null;
  const [created, setCreated] = useState<CreatedOrder | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const content = usePackageTerms(product).join(' · ');
  const free = product.priceFen === 0;

  const [pay, paying] = useAction(async () => {
    if (provider === null) return;
    const order = await createOrder({
      clientType,
      terminalId,
      productId: product.id,
      provider,
      openid: user.data?.openId ?? undefined,
      iccid: iccid ?? undefined,
    });
    orderCreated(order.id);
    setCreated(order);
    const next = await handOff(order.payment);
    if (next.step === 'result') redirectTo(payResultPath(order.id));
    else if (next.step === 'qr') setQr(next.codeUrl);
    else if (next.step === 'cancelled') toast(t('pay.cancelled'));
    else if (next.step === 'unsupported')
      toast(t(clientType === 'jsapi' ? 'pay.openInWechat' : 'pay.unsupported'));
  });

  const facts: Fact[] = [
    [t('pay.device'), device.data?.terminalName ?? '--', 'device'],
    [t('pay.product'), product.name, 'product'],
    ...(content ? [[t('pay.content'), content, 'content'] satisfies Fact] : []),
    [t('pay.price'), <Price product={product} />, 'price'],
    ...(created
      ? ([
          [t('pay.orderNo'), <span className="order-no">{created.orderNo}</span>, 'orderNo'],
          [
            t('pay.amount'),
            <span className="order-amount">{formatPrice(created.amountFen)}</span>,
            'amount',
          ],
        ] satisfies Fact[])
      : []),
  ];

  return (
    <>
      <section className="order-card" data-testid="pay-summary">
        <h2 className="order-card__title">{t('pay.summary')}</h2>
        <Facts facts={facts} />
      </section>
      {qr !== null && created ? (
        <>
          <div className="pay-qr">
            <QrCode text={qr} label={t('pay.scanWithWechat')} />
            <span className="pay-qr__hint">{t('pay.scanWithWechat')}</span>
          </div>
          <PayResult orderId={created.id} />
        </>
      ) : (
        <>
          {free ? null : (
            <List header={t('pay.method')} className="pay-providers">
              {providers.isError ? (
                <LoadFailure error={providers.error} onRetry={providers.refetch} />
              ) : providers.isSuccess && usable.length === 0 ? (
                <List.Item>{t('pay.noProvider')}</List.Item>
              ) : (
                <Radio.Group value={provider} onChange={(value) => setChosen(value as PayProvider)}>
                  {usable.map(({ provider: name }) => (
                    <List.Item
                      key={name}
                      data-provider={name}
                      onClick={() => setChosen(name)}
                      arrowIcon={false}
                      extra={<Radio value={name} />}
                    >
                      {t(`pay.provider.${name}`)}
                    </List.Item>
                  ))}
                </Radio.Group>
              )}
            </List>
          )}
          <div className="order-actions">
            <Button
              block
              color="primary"
              size="large"
              data-testid="pay-button"
              loading={paying}
              disabled={provider === null || !product.available}
              onClick={() => void pay()}
            >
              {free
                ? t('pay.freeButton')
                : t('pay.payButton', { amount: formatFen(product.priceFen) })}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
