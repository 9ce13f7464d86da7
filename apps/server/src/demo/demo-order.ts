import { ORDER_PAY_WINDOW_MS } from '@xunji/shared';
import type { ProductRow } from '../db/schema.js';
import { merchantNumber } from '../commerce/order-no.js';
import { orderedProduct } from '../commerce/ordered-product.js';
import { DEVELOPMENT_MERCHANT } from '../providers/payment/development-payment-provider.js';
import type { Repositories } from '../repositories/create-repositories.js';

const DAY_MS = 86_400_000;

export interface DemoOrder {
  userId: number;
  deviceId: number;
  product: ProductRow;
  /** The card a SIM top-up went to. */
  iccid: string | null;
  orderNoPrefix: string;
  now: number;
  /** How long ago it was bought. */
  daysAgo?: number;
}

/**
 * A past order of the demo car, paid with the development provider and fulfilled as a real one
 * is (events included), so a newcomer's order pages are not empty. Only for a device with no
 * order yet.
 */
export async function seedDemoPaidOrder(repositories: Repositories, demo: DemoOrder) {
  const { orders, orderFulfilment } = repositories;
  const existing = await orders.pageOfDevice(demo.deviceId, demo.userId, 0, 1, 1);
  if (existing.count > 0) return;
  const at = demo.now - (demo.daysAgo ?? 12) * DAY_MS;
  const { product } = demo;
  const order = await orders.create(
    {
      userId: demo.userId,
      deviceId: demo.deviceId,
      iccid: demo.iccid,
      ...orderedProduct(product),
      provider: 'development',
      merchantId: DEVELOPMENT_MERCHANT,
      clientType: 'h5',
      providerTradeNo: null,
      createdAt: at,
      payTime: null,
      closeAt: at + ORDER_PAY_WINDOW_MS,
      closedAt: null,
    },
    () => merchantNumber(demo.orderNoPrefix, at),
  );
  const paidAt = at + 60_000;
  await orderFulfilment.apply(
    order,
    { tradeNo: `DEMO${order.id}`, payTime: paidAt, source: 'demo' },
    paidAt,
  );
}
