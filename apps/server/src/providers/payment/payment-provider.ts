import type { ClientType, PaymentHandoff, PayProvider } from '@xunji/shared';

/** What the server asks a provider to collect: priced from the catalogue, never by the client. */
export interface PaymentRequest {
  orderNo: string;
  amountFen: number;
  /** The product's name, shown by the provider's cashier (≤ 127 bytes). */
  description: string;
  clientType: ClientType;
  /** WeChat JSAPI: the payer's openid under the configured app id. */
  openid?: string | undefined;
  /** The buyer's address (WeChat H5 requires it). */
  clientIp: string;
  /** The order closes then (ms); the provider is told so it refuses later payments. */
  expiresAt: number;
  /** Where the provider sends its notification (absolute URL). */
  notifyUrl: string;
  /** Where the buyer's browser comes back to after paying (absolute URL). */
  returnUrl: string;
}

/** A verified payment notification or query answer, in the server's terms. */
export interface PaymentFacts {
  orderNo: string;
  /** paid; unpaid (still open); closed (closed or never paid at the provider); refunded. */
  state: 'paid' | 'unpaid' | 'closed' | 'refunded';
  /** What the payer paid, in fen (0 until paid). */
  amountFen: number;
  /** The merchant (WeChat mchid, Alipay app_id / seller) the payment went to. */
  merchantId: string;
  /** The provider's transaction id. */
  tradeNo: string | null;
  payTime: number | null;
}

export interface RefundRequestToProvider {
  orderNo: string;
  refundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
}

export interface RefundFacts {
  refundNo: string;
  state: 'success' | 'processing' | 'failed';
  refundFen: number;
  providerRefundId: string | null;
}

/** A notification as it arrived: the raw body (signatures cover its exact bytes) and headers. */
export interface IncomingNotification {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

export type VerifiedNotification =
  | { kind: 'payment'; facts: PaymentFacts }
  | { kind: 'refund'; facts: RefundFacts & { orderNo: string } };

/** How the provider wants its notification answered. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** Thrown by `verifyNotification`: the reason is logged, the provider gets `reply(false)`. */
export class NotificationRefused extends Error {}

/**
 * One payment provider (WeChat Pay v3, Alipay, the development checkout). Every method talks to
 * the provider over HTTP with its documented signing; none touches the database.
 */
export interface PaymentProvider {
  readonly id: PayProvider;
  /** The merchant orders are paid to; a notification naming another is refused. */
  readonly merchantId: string;
  readonly clientTypes: readonly ClientType[];
  prepare(request: PaymentRequest): Promise<PaymentHandoff>;
  /** Checks signature, timestamp, merchant and decrypts; throws NotificationRefused. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  reply(accepted: boolean): NotificationReply;
  /** The order as the provider knows it (reconciliation). */
  query(orderNo: string): Promise<PaymentFacts>;
  /** Close an unpaid order at the provider so it can no longer be paid. */
  close(orderNo: string): Promise<void>;
  refund(request: RefundRequestToProvider): Promise<RefundFacts>;
  queryRefund(orderNo: string, refundNo: string): Promise<RefundFacts>;
}
