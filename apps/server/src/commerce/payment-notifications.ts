import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.js';
import {
  NotificationRefused,
  type IncomingNotification,
  type NotificationReply,
} from '../providers/payment/payment-provider.js';
import type { OrderPayments } from './order-payments.js';
import type { Refunds } from './refunds.js';

/**
 * `POST /pay/notify/:provider`, for every provider alike: the provider verifies its own
 * signature (over the raw body), then the payment or refund is applied once; the provider's own
 * answer says whether it must send it again.
 */
export class PaymentNotifications {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly payments: OrderPayments,
    private readonly refunds: Refunds,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Undefined for a provider this server does not have. */
  async receive(
    providerId: string,
    notification: IncomingNotification,
  ): Promise<NotificationReply | undefined> {
    const provider = this.providers.byId(providerId);
    if (!provider) return undefined;
    try {
      const verified = await provider.verifyNotification(notification);
      const accepted =
        verified.kind === 'payment'
          ? await this.payments.apply(provider, verified.facts, 'notification')
          : await this.refunds.notified(provider.id, verified.facts);
      return provider.reply(accepted);
    } catch (error) {
      if (error instanceof NotificationRefused)
        this.logger.warn({ provider: providerId, reason: error.message }, 'notification refused');
      else this.logger.error({ err: error, provider: providerId }, 'notification not applied');
      return provider.reply(false);
    }
  }
}
