import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { ClientType, PaymentHandoff } from '@xunji/shared';
import type { Clock } from '../../../clock.js';
import type { CommerceSettings } from '../../../commerce-settings.js';
import { beijingRfc3339 } from '../beijing-time.js';
import type {
  IncomingNotification,
  NotificationReply,
  PaymentFacts,
  PaymentProvider,
  PaymentRequest,
  RefundFacts,
  RefundRequestToProvider,
  VerifiedNotification,
} from '../payment-provider.js';
import { readKeyText } from '../../pem.js';
import { appPayParams, jsapiPayParams } from './jsapi-pay-sign.js';
import { PlatformCertificates, PlatformPublicKey } from './platform-keys.js';
import {
  serviceError,
  WechatPayClient,
  WechatPayTransport,
  type WechatPayError,
} from './wechat-pay-client.js';
import {
  refundFacts,
  transactionFacts,
  type WechatRefund,
  type WechatTransaction,
} from './wechat-pay-facts.js';
import { openNotification } from './wechat-pay-notification.js';
import { nonceString } from './wechat-pay-signer.js';

export type WechatPaySettings = NonNullable<CommerceSettings['wechatPay']>;

/** The order endpoint of each client type (`/v3/pay/transactions/{kind}`). */
const ENDPOINTS: Record<ClientType, string> = {
  jsapi: 'jsapi',
  h5: 'h5',
  native: 'native',
  app: 'app',
};

/** WeChat Pay v3 on node:crypto (docs/commerce.md "WeChat Pay v3"). */
export class WechatPayProvider implements PaymentProvider {
  readonly id = 'wechat' as const;
  readonly clientTypes: readonly ClientType[] = ['jsapi', 'h5', 'native', 'app'];
  readonly merchantId: string;
  private readonly privateKey: KeyObject;
  private readonly client: WechatPayClient;
  private readonly keys: PlatformPublicKey | PlatformCertificates;

  constructor(
    private readonly settings: WechatPaySettings,
    private readonly clock: Clock,
    fetchFn?: typeof fetch,
  ) {
    this.merchantId = settings.mchid;
    this.privateKey = createPrivateKey(readKeyText(settings.privateKey));
    const transport = new WechatPayTransport(
      settings.apiUrl,
      { mchid: settings.mchid, serial: settings.certSerial, privateKey: this.privateKey },
      clock,
      fetchFn,
    );
    this.keys =
      settings.platformPublicKey && settings.platformPublicKeyId
        ? new PlatformPublicKey(
            settings.platformPublicKeyId,
            createPublicKey(readKeyText(settings.platformPublicKey)),
          )
        : new PlatformCertificates(transport, settings.apiV3Key, clock);
    this.client = new WechatPayClient(transport, this.keys, clock);
  }

  async prepare(request: PaymentRequest): Promise<PaymentHandoff> {
    const { appid, mchid, h5AppName } = this.settings;
    const answer = await this.client.expect<{
      prepay_id?: string;
      h5_url?: string;
      code_url?: string;
    }>('POST', `/v3/pay/transactions/${ENDPOINTS[request.clientType]}`, {
      appid,
      mchid,
      description: request.description,
      out_trade_no: request.orderNo,
      time_expire: beijingRfc3339(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
      ...(request.clientType === 'jsapi' ? { payer: { openid: request.openid } } : {}),
      ...(request.clientType === 'h5'
        ? {
            scene_info: {
              payer_client_ip: request.clientIp,
              h5_info: { type: 'Wap', app_name: h5AppName },
            },
          }
        : {}),
    });
    const timestamp = Math.floor(this.clock.now() / 1000);
    switch (request.clientType) {
      case 'jsapi':
        return {
          kind: 'jsapi',
          params: jsapiPayParams(
            appid,
            need(answer.prepay_id),
            this.privateKey,
            timestamp,
            nonceString(),
          ),
        };
      case 'app':
        return {
          kind: 'app',
          params: appPayParams(
            appid,
            mchid,
            need(answer.prepay_id),
            this.privateKey,
            timestamp,
            nonceString(),
          ),
        };
      case 'h5':
        return { kind: 'redirect', url: need(answer.h5_url) };
      case 'native':
        return { kind: 'qr', codeUrl: need(answer.code_url) };
    }
  }

  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
    return openNotification(notification, {
      keys: this.keys,
      apiV3Key: this.settings.apiV3Key,
      mchid: this.settings.mchid,
      now: this.clock.now(),
    });
  }

  reply(accepted: boolean): NotificationReply {
    return accepted
      ? { status: 204, contentType: 'application/json', body: '' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message: '失败' }),
        };
  }

  async query(orderNo: string): Promise<PaymentFacts> {
    const { status, data } = await this.client.call<WechatTransaction & WechatPayError>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.settings.mchid)}`,
    );
    // An order WeChat never heard of (prepay failed) was never paid; it stays open until it expires.
    if (status === 404 && data?.code === 'ORDER_NOT_EXIST')
      return {
        orderNo,
        state: 'unpaid',
        amountFen: 0,
        merchantId: this.merchantId,
        tradeNo: null,
        payTime: null,
      };
    if (status !== 200 || !data) throw serviceError(`query answered ${status} ${data?.code ?? ''}`);
    return transactionFacts(data);
  }

  async close(orderNo: string): Promise<void> {
    await this.client.expect(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
      { mchid: this.settings.mchid },
    );
  }

  async refund(request: RefundRequestToProvider): Promise<RefundFacts> {
    const answer = await this.client.expect<WechatRefund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      // WeChat takes at most 80 characters; the buyer may write 140.
      reason: [...request.reason].slice(0, 80).join(''),
      notify_url: request.notifyUrl,
      amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
    });
    return refundFacts(answer);
  }

  async queryRefund(_orderNo: string, refundNo: string): Promise<RefundFacts> {
    const answer = await this.client.expect<WechatRefund>(
      'GET',
      `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
    );
    return refundFacts(answer);
  }
}

function need(value: string | undefined): string {
  if (!value) throw serviceError('the order answer lacks what the client needs to pay');
  return value;
}
