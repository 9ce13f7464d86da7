import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.js';
import type { OrderRepository } from '../repositories/order.repository.js';
import type { OrderPayments } from './order-payments.js';
import type { Refunds } from './refunds.js';

const BATCH = 100;

/**
 * A lost notification must not lose a payment: orders still unpaid RECONCILE_AFTER_MIN after
 * their creation are looked up at their provider (paid → applied, closed there → closed here),
 * and so are refunds the provider is still processing.
 */
export class Reconciliation {
  constructor(
    private readonly orders: OrderRepository,
    private readonly payments: OrderPayments,
    private readonly refunds: Refunds,
    private readonly providers: PaymentProviders,
    private readonly afterMs: number,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async run(): Promise<void> {
    const now = this.clock.now();
    for (const order of await this.orders.unpaidSince(now - this.afterMs, now, BATCH)) {
      const provider = this.providers.byId(order.provider);
      if (!provider) continue;
      try {
        const facts = await provider.query(order.orderNo);
        if (facts.state === 'paid') await this.payments.apply(provider, facts, 'reconciliation');
        else if (facts.state === 'closed')
          await this.orders.close(order.id, this.clock.now(), { by: 'provider' });
      } catch (error) {
        this.logger.warn({ err: error, orderNo: order.orderNo }, 'order query failed');
      }
    }
    await this.refunds.poll();
  }
}
