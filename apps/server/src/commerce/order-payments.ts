import { OrderStatus } from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { OrderRow } from '../db/schema.js';
import type { PaymentFacts, PaymentProvider } from '../providers/payment/payment-provider.js';
import type { OrderFulfilmentRepository } from '../repositories/order-fulfilment.repository.js';
import type { OrderRepository } from '../repositories/order.repository.js';

/** Hands a paid SIM top-up to its card's operator platform, after the commit. */
export interface TopupDelivery {
  deliver(orderId: number): Promise<void>;
}

const SIM_TOPUP_KINDS = new Set(['data', 'sms']);
/** A closing order can change under a payment once; a third read sees it settled. */
const ATTEMPTS = 3;

/**
 * Applies payments the providers confirm (a notification, a reconciliation query, a free order)
 * exactly once per order. A payment for an order closed meanwhile is applied too: the money
 * arrived, so the buyer gets what they paid for (providers refuse payment after close anyway).
 */
export class OrderPayments {
  constructor(
    private readonly orders: OrderRepository,
    private readonly fulfilment: OrderFulfilmentRepository,
    private readonly delivery: TopupDelivery,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /**
   * What a provider says about one of its orders. False (the provider is told to try again, and
   * the refusal is logged) for an unknown order or a payment whose amount or merchant differ.
   */
  async apply(provider: PaymentProvider, facts: PaymentFacts, source: string): Promise<boolean> {
    const order = await this.orders.byOrderNo(facts.orderNo);
    if (!order || order.provider !== provider.id) {
      this.logger.warn(
        { orderNo: facts.orderNo, provider: provider.id, source },
        'payment for an unknown order',
      );
      return false;
    }
    if (facts.state !== 'paid') return true;
    if (facts.amountFen !== order.amountFen || facts.merchantId !== order.merchantId) {
      this.logger.warn(
        {
          orderNo: order.orderNo,
          source,
          amountFen: facts.amountFen,
          merchantId: facts.merchantId,
        },
        'payment refused: amount or merchant differ from the order',
      );
      await this.orders.addEvent({
        orderId: order.id,
        kind: 'notifyRefused',
        amountFen: facts.amountFen,
        detail: { source, merchantId: facts.merchantId, tradeNo: facts.tradeNo },
        createdAt: this.clock.now(),
      });
      return false;
    }
    await this.paid(order, facts.tradeNo, facts.payTime ?? this.clock.now(), source);
    return true;
  }

  /**
   * Marks the order paid and fulfils it, unless it is paid already; 'trialUsed' for a second
   * free trial of the device, left unpaid.
   */
  async paid(
    order: OrderRow,
    tradeNo: string | null,
    payTime: number,
    source: string,
  ): Promise<'paid' | 'trialUsed'> {
    let current: OrderRow | undefined = order;
    for (let attempt = 0; attempt < ATTEMPTS && current; attempt++) {
      if (current.status !== OrderStatus.UNPAID && current.status !== OrderStatus.CANCELLED) break;
      const record = { tradeNo, payTime, source };
      const outcome = await this.fulfilment.apply(current, record, this.clock.now());
      if (outcome === 'trialUsed') return outcome;
      if (outcome === 'applied') {
        if (SIM_TOPUP_KINDS.has(current.kind)) await this.deliver(current.id);
        break;
      }
      current = await this.orders.byId(order.id);
    }
    return 'paid';
  }

  /** The top-up is recorded; a failed hand-over is the delivery's to retry, never the payment's. */
  private async deliver(orderId: number): Promise<void> {
    try {
      await this.delivery.deliver(orderId);
    } catch (error) {
      this.logger.error({ err: error, orderId }, 'SIM top-up hand-over failed');
    }
  }
}
