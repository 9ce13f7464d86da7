import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { OrderRow } from '../db/schema.js';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.js';
import type { OrderRepository } from '../repositories/order.repository.js';
import type { OrderPayments } from './order-payments.js';

const BATCH = 100;

/**
 * Closes unpaid orders whose pay window (ORDER_PAY_WINDOW_MS) has ended: the provider is asked
 * first (a payment whose notification was lost is applied, not closed), then told to close the
 * order so it can no longer be paid, then the order is closed here. A provider that cannot be
 * reached leaves the order for the next run.
 */
export class OrderCloser {
  constructor(
    private readonly orders: OrderRepository,
    private readonly payments: OrderPayments,
    private readonly providers: PaymentProviders,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Answers how many orders it closed. */
  async run(): Promise<number> {
    let closed = 0;
    for (const order of await this.orders.dueToClose(this.clock.now(), BATCH))
      if (await this.closeOne(order)) closed++;
    return closed;
  }

  private async closeOne(order: OrderRow): Promise<boolean> {
    const provider = this.providers.byId(order.provider);
    if (provider) {
      try {
        const facts = await provider.query(order.orderNo);
        if (facts.state === 'paid') {
          await this.payments.apply(provider, facts, 'close');
          return false;
        }
        await provider.close(order.orderNo);
      } catch (error) {
        this.logger.warn(
          { err: error, orderNo: order.orderNo },
          'could not close an order at its provider',
        );
        return false;
      }
    }
    return this.orders.close(order.id, this.clock.now(), { by: 'payWindow' });
  }
}
