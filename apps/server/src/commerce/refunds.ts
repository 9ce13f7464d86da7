import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { OrderRow, RefundRequestRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.js';
import type { RefundFacts } from '../providers/payment/payment-provider.js';
import type { OrderRepository } from '../repositories/order.repository.js';
import type { RefundRepository } from '../repositories/refund.repository.js';

/** How many refunds still with the provider one reconciliation run asks about. */
const POLL_BATCH = 100;

/**
 * The operator's decisions on refund requests (packages are virtual and non-refundable, §9, so a
 * person decides): approve → the provider refunds (partly → order status 2, all → 3), or reject
 * with a reason. A refund the provider is still processing stays 'refunding' until its
 * notification or a query (the reconciliation job asks) says how it ended.
 */
export class Refunds {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly orders: OrderRepository,
    private readonly providers: PaymentProviders,
    private readonly notifyUrl: (provider: string) => string,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Approves `fee` fen (the requested amount when absent); answers the request afterwards. */
  async approve(id: number, fee?: number): Promise<RefundRequestRow> {
    const { request, order } = await this.pending(id);
    const amount = fee ?? request.requestFee;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > order.amountFen - order.refundedFen)
      throw new AppError('REFUND_TOO_MUCH', { refundId: id });
    const provider = this.providers.byId(order.provider);
    if (!provider) throw new AppError('PAY_PROVIDER_UNAVAILABLE', { provider: order.provider });
    if (!(await this.refunds.approve(request, amount, this.clock.now())))
      throw new AppError('ORDER_NOT_REFUNDABLE', { refundId: id });
    try {
      const facts = await provider.refund({
        orderNo: order.orderNo,
        refundNo: request.refundNo,
        refundFen: amount,
        totalFen: order.amountFen,
        reason: request.refundReason,
        notifyUrl: this.notifyUrl(provider.id),
      });
      await this.settle(await this.reread(id), facts);
    } catch (error) {
      // Unknown whether the provider took it: the same refund number is asked again later.
      this.logger.error({ err: error, refundId: id }, 'refund request to the provider failed');
    }
    return this.reread(id);
  }

  async reject(id: number, reason: string): Promise<RefundRequestRow> {
    const { request } = await this.pending(id);
    if (!(await this.refunds.reject(request, reason, this.clock.now())))
      throw new AppError('ORDER_NOT_REFUNDABLE', { refundId: id });
    return this.reread(id);
  }

  /** A verified refund notification; false for a refund this provider was never asked for. */
  async notified(providerId: string, facts: RefundFacts): Promise<boolean> {
    const request = await this.refunds.byRefundNo(facts.refundNo);
    const order = request && (await this.orders.byId(request.orderId));
    if (!request || order?.provider !== providerId) return false;
    await this.settle(request, facts);
    return true;
  }

  /** Asks the providers how the refunds still with them ended (reconciliation). */
  async poll(): Promise<void> {
    for (const request of await this.refunds.list('refunding', POLL_BATCH)) {
      const order = await this.orders.byId(request.orderId);
      const provider = order && this.providers.byId(order.provider);
      if (!order || !provider) continue;
      try {
        await this.settle(request, await provider.queryRefund(order.orderNo, request.refundNo));
      } catch (error) {
        this.logger.warn({ err: error, refundId: request.id }, 'refund query failed');
      }
    }
  }

  private async settle(request: RefundRequestRow, facts: RefundFacts): Promise<void> {
    const now = this.clock.now();
    if (facts.state === 'success')
      await this.refunds.complete(request, facts.providerRefundId, now);
    else if (facts.state === 'failed')
      await this.refunds.fail(request, { providerRefundId: facts.providerRefundId }, now);
  }

  private async pending(id: number): Promise<{ request: RefundRequestRow; order: OrderRow }> {
    const request = await this.refunds.byId(id);
    const order = request && (await this.orders.byId(request.orderId));
    if (!request || !order) throw new AppError('ORDER_NOT_FOUND', { refundId: id });
    if (request.state !== 'pending') throw new AppError('ORDER_NOT_REFUNDABLE', { refundId: id });
    return { request, order };
  }

  private async reread(id: number): Promise<RefundRequestRow> {
    const request = await this.refunds.byId(id);
    if (!request) throw new AppError('ORDER_NOT_FOUND', { refundId: id });
    return request;
  }
}
