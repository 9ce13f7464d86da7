import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CLIENT_TYPES, type PaymentHandoff } from '@xunji/shared';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import {
  NotificationRefused,
  type IncomingNotification,
  type NotificationReply,
  type PaymentFacts,
  type PaymentProvider,
  type PaymentRequest,
  type RefundFacts,
  type RefundRequestToProvider,
  type VerifiedNotification,
} from './payment-provider.js';

export const DEVELOPMENT_MERCHANT = 'development';
export const DEVELOPMENT_TIMESTAMP_HEADER = 'x-devpay-timestamp';
export const DEVELOPMENT_SIGNATURE_HEADER = 'x-devpay-signature';
/** A notification signed further from now than this is refused, as WeChat Pay's are. */
const MAX_SKEW_MS = 5 * 60_000;
const NOTIFY_TIMEOUT_MS = 5000;

/** What the checkout page needs, carried in its signed link (nothing kept for it). */
const CheckoutTicket = z.object({
  orderNo: z.string(),
  amountFen: z.number().int(),
  description: z.string(),
  expiresAt: z.number(),
  notifyUrl: z.string(),
  returnUrl: z.string(),
});
export type CheckoutTicket = z.infer<typeof CheckoutTicket>;

const Notification = z.object({
  orderNo: z.string(),
  amountFen: z.number().int(),
  merchantId: z.string(),
  tradeNo: z.string(),
  payTime: z.number().int(),
});

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The development checkout of demo mode (refused in production by the configuration): a local
 * page confirms or cancels, then the server sends itself a signed notification over HTTP,
 * verified like WeChat Pay's and Alipay's. What was paid, closed and refunded is kept in memory
 * for `query` — a restart forgets it, which a development provider may.
 */
export class DevelopmentPaymentProvider implements PaymentProvider {
  readonly id = 'development' as const;
  readonly merchantId = DEVELOPMENT_MERCHANT;
  readonly clientTypes = CLIENT_TYPES;
  private readonly payments = new Map<string, PaymentFacts>();
  private readonly closed = new Set<string>();
  private readonly refunds = new Map<string, RefundFacts>();

  constructor(
    private readonly secret: string,
    /** The checkout page's address, absolute or relative to the server. */
    private readonly checkoutUrl: string,
    private readonly clock: Clock,
  ) {}

  async prepare(request: PaymentRequest): Promise<PaymentHandoff> {
    const ticket: CheckoutTicket = {
      orderNo: request.orderNo,
      amountFen: request.amountFen,
      description: request.description,
      expiresAt: request.expiresAt,
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
    };
    const body = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    const token = `${body}.${hmac(this.secret, `ticket.${body}`)}`;
    return { kind: 'redirect', url: `${this.checkoutUrl}?t=${token}` };
  }

  /** The ticket of a checkout link; undefined unless this server signed it. */
  ticket(token: string): CheckoutTicket | undefined {
    const [body = '', signature = ''] = token.split('.');
    if (!sameText(signature, hmac(this.secret, `ticket.${body}`))) return undefined;
    const parsed = CheckoutTicket.safeParse(
      JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  }

  /** Paid already, closed (here or past its window), or still to pay. */
  stateOf(ticket: CheckoutTicket): 'payable' | 'paid' | 'closed' {
    if (this.payments.has(ticket.orderNo)) return 'paid';
    if (this.closed.has(ticket.orderNo) || this.clock.now() >= ticket.expiresAt) return 'closed';
    return 'payable';
  }

  /**
   * The buyer confirmed: the payment is recorded, then notified to `notifyUrl` (resolved
   * against `origin`, the server's own address, when relative). A lost notification is left to
   * the reconciliation job, as with a real provider; answers whether it was delivered.
   */
  async confirm(ticket: CheckoutTicket, origin: string): Promise<boolean> {
    const facts: PaymentFacts = this.payments.get(ticket.orderNo) ?? {
      orderNo: ticket.orderNo,
      state: 'paid',
      amountFen: ticket.amountFen,
      merchantId: this.merchantId,
      tradeNo: `DEV${randomBytes(10).toString('hex').toUpperCase()}`,
      payTime: this.clock.now(),
    };
    this.payments.set(ticket.orderNo, facts);
    const body = JSON.stringify({
      orderNo: facts.orderNo,
      amountFen: facts.amountFen,
      merchantId: facts.merchantId,
      tradeNo: facts.tradeNo,
      payTime: facts.payTime,
    });
    try {
      const response = await fetch(new URL(ticket.notifyUrl, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.sign(body) },
        body,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** The headers of a notification with this body, signed now. */
  sign(rawBody: string): Record<string, string> {
    const timestamp = String(this.clock.now());
    return {
      [DEVELOPMENT_TIMESTAMP_HEADER]: timestamp,
      [DEVELOPMENT_SIGNATURE_HEADER]: hmac(this.secret, `${timestamp}.${rawBody}`),
    };
  }

  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const timestamp = notification.headers[DEVELOPMENT_TIMESTAMP_HEADER] ?? '';
    const signature = notification.headers[DEVELOPMENT_SIGNATURE_HEADER] ?? '';
    if (!/^\d{1,15}$/.test(timestamp)) throw new NotificationRefused('no timestamp');
    if (Math.abs(this.clock.now() - Number(timestamp)) > MAX_SKEW_MS)
      throw new NotificationRefused('stale timestamp');
    if (!sameText(signature, hmac(this.secret, `${timestamp}.${notification.rawBody}`)))
      throw new NotificationRefused('bad signature');
    let json: unknown;
    try {
      json = JSON.parse(notification.rawBody);
    } catch {
      throw new NotificationRefused('not JSON');
    }
    const parsed = Notification.safeParse(json);
    if (!parsed.success) throw new NotificationRefused('not a payment notification');
    return { kind: 'payment', facts: { ...parsed.data, state: 'paid' } };
  }

  reply(accepted: boolean): NotificationReply {
    return {
      status: accepted ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: accepted ? 'SUCCESS' : 'FAIL' }),
    };
  }

  async query(orderNo: string): Promise<PaymentFacts> {
    const paid = this.payments.get(orderNo);
    if (paid) return paid;
    return {
      orderNo,
      state: this.closed.has(orderNo) ? 'closed' : 'unpaid',
      amountFen: 0,
      merchantId: this.merchantId,
      tradeNo: null,
      payTime: null,
    };
  }

  async close(orderNo: string): Promise<void> {
    if (!this.payments.has(orderNo)) this.closed.add(orderNo);
  }

  /** Refunds at once. */
  async refund(request: RefundRequestToProvider): Promise<RefundFacts> {
    const facts: RefundFacts = this.refunds.get(request.refundNo) ?? {
      refundNo: request.refundNo,
      state: 'success',
      refundFen: request.refundFen,
      providerRefundId: `DEVR${randomBytes(8).toString('hex').toUpperCase()}`,
    };
    this.refunds.set(request.refundNo, facts);
    return facts;
  }

  async queryRefund(_orderNo: string, refundNo: string): Promise<RefundFacts> {
    return (
      this.refunds.get(refundNo) ?? {
        refundNo,
        state: 'failed',
        refundFen: 0,
        providerRefundId: null,
      }
    );
  }
}
