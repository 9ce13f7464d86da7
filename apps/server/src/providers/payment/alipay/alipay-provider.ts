import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { formatFen, parseYuanToFen, type ClientType, type PaymentHandoff } from '@xunji/shared';
import type { CommerceSettings } from '../../../commerce-settings.js';
import { AppError } from '../../../errors.js';
import { beijingDateTime, parseBeijingDateTime } from '../beijing-time.js';
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
} from '../payment-provider.js';
import { readKeyText } from '../../pem.js';

export type AlipaySettings = NonNullable<CommerceSettings['alipay']>;

type Answer = AlipaySdkCommonResult & Record<string, string | undefined>;

const TRADE_STATES: Record<string, PaymentFacts['state']> = {
  WAIT_BUYER_PAY: 'unpaid',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** Alipay's "no such trade": a wap/page order exists there only once the buyer opened it. */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** Alipay through its own `alipay-sdk` (docs/commerce.md "Alipay"). */
export class AlipayProvider implements PaymentProvider {
  readonly id = 'alipay' as const;
  /** Alipay does not pay inside WeChat's browser. */
  readonly clientTypes: readonly ClientType[] = ['h5', 'native', 'app'];
  readonly merchantId: string;
  private readonly sdk: AlipaySdk;

  constructor(settings: AlipaySettings) {
    this.merchantId = settings.appId;
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: readKeyText(settings.privateKey),
      alipayPublicKey: readKeyText(settings.alipayPublicKey),
      gateway: settings.gateway,
      keyType: 'PKCS8',
      camelcase: false,
    });
    // alipay-sdk reads its keys only when signing: a wrong one stops the server at start instead.
    createPrivateKey(this.sdk.config.privateKey);
    createPublicKey(this.sdk.config.alipayPublicKey);
  }

  async prepare(request: PaymentRequest): Promise<PaymentHandoff> {
    const order = {
      out_trade_no: request.orderNo,
      total_amount: formatFen(request.amountFen),
      subject: request.description,
      time_expire: beijingDateTime(request.expiresAt),
    };
    const urls = { notifyUrl: request.notifyUrl, returnUrl: request.returnUrl };
    if (request.clientType === 'app') {
      const orderString = this.sdk.sdkExecute('alipay.trade.app.pay', {
        notifyUrl: request.notifyUrl,
        bizContent: { ...order, product_code: 'QUICK_MSECURITY_PAY' },
      });
      return { kind: 'app', params: { orderString } };
    }
    const url =
      request.clientType === 'native'
        ? this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
            ...urls,
            bizContent: { ...order, product_code: 'FAST_INSTANT_TRADE_PAY' },
          })
        : this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
            ...urls,
            bizContent: { ...order, product_code: 'QUICK_WAP_WAY', quit_url: request.returnUrl },
          });
    return { kind: 'redirect', url };
  }

  /** The form Alipay posts: `checkNotifySignV2` over the decoded fields, then our app id. */
  async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (!this.sdk.checkNotifySignV2(fields)) throw new NotificationRefused('sign does not match');
    if (fields.app_id !== this.merchantId)
      throw new NotificationRefused(`app_id ${fields.app_id} is not ours`);
    const orderNo = fields.out_trade_no;
    if (!orderNo) throw new NotificationRefused('no out_trade_no');
    // A refund's notification names the refund (out_biz_no) and the order's refunded total so far.
    if (fields.out_biz_no && (fields.refund_fee || fields.gmt_refund))
      return {
        kind: 'refund',
        facts: {
          orderNo,
          refundNo: fields.out_biz_no,
          state: 'success',
          refundFen: fen(fields.refund_fee) ?? 0,
          providerRefundId: fields.trade_no ?? null,
        },
      };
    const state = TRADE_STATES[fields.trade_status ?? ''];
    if (!state) throw new NotificationRefused(`trade_status ${fields.trade_status} not handled`);
    const total = fen(fields.total_amount);
    if (total === null) throw new NotificationRefused(`total_amount ${fields.total_amount}`);
    return {
      kind: 'payment',
      facts: {
        orderNo,
        state,
        amountFen: state === 'paid' ? total : 0,
        merchantId: fields.app_id,
        tradeNo: fields.trade_no ?? null,
        payTime: parseBeijingDateTime(fields.gmt_payment),
      },
    };
  }

  reply(accepted: boolean): NotificationReply {
    return { status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'fail' };
  }

  async query(orderNo: string): Promise<PaymentFacts> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    const unknown = answer.sub_code === TRADE_NOT_EXIST;
    if (answer.code !== '10000' && !unknown) throw failure('alipay.trade.query', answer);
    const state = unknown ? 'unpaid' : TRADE_STATES[answer.trade_status ?? ''];
    if (!state) throw failure('alipay.trade.query', answer);
    return {
      orderNo,
      state,
      amountFen: state === 'paid' ? (fen(answer.total_amount) ?? 0) : 0,
      merchantId: this.merchantId,
      tradeNo: answer.trade_no ?? null,
      payTime: parseBeijingDateTime(answer.send_pay_date),
    };
  }

  async close(orderNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    if (answer.code !== '10000' && answer.sub_code !== TRADE_NOT_EXIST)
      throw failure('alipay.trade.close', answer);
  }

  async refund(request: RefundRequestToProvider): Promise<RefundFacts> {
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: request.orderNo,
      out_request_no: request.refundNo,
      refund_amount: formatFen(request.refundFen),
      refund_reason: request.reason,
    });
    const facts = {
      refundNo: request.refundNo,
      refundFen: request.refundFen,
      providerRefundId: answer.trade_no ?? null,
    };
    // fund_change N with code 10000: a repeated request whose money already moved, or not yet.
    if (answer.code === '10000')
      return { ...facts, state: answer.fund_change === 'Y' ? 'success' : 'processing' };
    if (answer.code === '40004') return { ...facts, state: 'failed' };
    throw failure('alipay.trade.refund', answer);
  }

  async queryRefund(orderNo: string, refundNo: string): Promise<RefundFacts> {
    const answer = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: orderNo,
      out_request_no: refundNo,
    });
    if (answer.code !== '10000') throw failure('alipay.trade.fastpay.refund.query', answer);
    // Documented: data with no status or REFUND_SUCCESS is a refund done; no data, none made.
    const refunded = fen(answer.refund_amount);
    const done =
      refunded !== null && (answer.refund_status ?? 'REFUND_SUCCESS') === 'REFUND_SUCCESS';
    return {
      refundNo,
      state: done ? 'success' : 'failed',
      refundFen: refunded ?? 0,
      providerRefundId: answer.trade_no ?? null,
    };
  }

  /** One signed call whose answer's signature alipay-sdk checks. */
  private async call(method: string, bizContent: Record<string, string>): Promise<Answer> {
    try {
      return (await this.sdk.exec(method, { bizContent }, { validateSign: true })) as Answer;
    } catch (error) {
      throw new AppError('PAYMENT_SERVICE_ERROR', {
        provider: 'alipay',
        reason: `${method}: ${(error as Error).message}`,
      });
    }
  }
}

const fen = (yuan: string | undefined): number | null => (yuan ? parseYuanToFen(yuan) : null);

const failure = (method: string, answer: Answer) =>
  new AppError('PAYMENT_SERVICE_ERROR', {
    provider: 'alipay',
    reason: `${method}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg}`,
  });
