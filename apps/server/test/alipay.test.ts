import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlipayProvider,
  type AlipaySettings,
} from '../src/providers/payment/alipay/alipay-provider.js';
import {
  NotificationRefused,
  type PaymentRequest,
} from '../src/providers/payment/payment-provider.js';
import { requestProblem, signedNotification } from './support/alipay-messages.js';
import { startAlipayStandIn } from './support/alipay-stand-in.js';
import { bareKey, inlinePem, pemOf, rsaPair } from './support/rsa-keys.js';

const APP_ID = '2021000000000001';
const app = rsaPair();
const alipay = rsaPair();
const standIn = startAlipayStandIn({
  appId: APP_ID,
  appPublicKey: app.publicKey,
  alipayPrivateKey: alipay.privateKey,
});
let gateway: string;
beforeAll(async () => {
  gateway = `${await standIn.listen()}gateway.do`;
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const settings = (overrides: Partial<AlipaySettings> = {}): AlipaySettings => ({
  appId: APP_ID,
  privateKey: inlinePem(app.privateKey),
  alipayPublicKey: bareKey(alipay.publicKey),
  gateway,
  ...overrides,
});
const provider = (overrides?: Partial<AlipaySettings>) => new AlipayProvider(settings(overrides));

const NOW = Date.UTC(2025, 2, 1, 4, 0, 0);
const payment = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderNo: 'XJ20250301120000002',
  amountFen: 1234,
  description: '服务续费 1 年',
  clientType: 'h5',
  clientIp: '203.0.113.7',
  expiresAt: NOW + 30 * 60_000,
  notifyUrl: 'https://pay.example.com/api/pay/notify/alipay',
  returnUrl: 'https://pay.example.com/pagesBuy/paySuccess/index',
  ...overrides,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => (error instanceof NotificationRefused ? `refused: ${error.message}` : error),
  );

/** A trade_status_sync notification as Alipay posts it, signed with `key`. */
const tradeNotification = (fields: Record<string, string> = {}, key = alipay.privateKey) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: signedNotification(
    {
      notify_time: '2025-03-01 12:01:03',
      notify_type: 'trade_status_sync',
      notify_id: '2025030100222120103012345678',
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2025030122001400000000000001',
      out_trade_no: 'XJ20250301120000002',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '12.34',
      receipt_amount: '12.34',
      subject: '100% 流量 & 服务',
      gmt_create: '2025-03-01 12:00:40',
      gmt_payment: '2025-03-01 12:01:02',
      ...fields,
    },
    key,
  ),
});

describe('Alipay notifications: our own signed vectors', () => {
  it('verifies with checkNotifySignV2 and reads the amount in fen and the Beijing pay time', async () => {
    await expect(provider().verifyNotification(tradeNotification())).resolves.toEqual({
      kind: 'payment',
      facts: {
        orderNo: 'XJ20250301120000002',
        state: 'paid',
        amountFen: 1234,
        merchantId: APP_ID,
        tradeNo: '2025030122001400000000000001',
        payTime: Date.UTC(2025, 2, 1, 4, 1, 2),
      },
    });
  });

  it('refuses a changed amount, a foreign key, another app and a missing sign', async () => {
    const good = tradeNotification();
    const changed = {
      ...good,
      rawBody: good.rawBody.replace('total_amount=12.34', 'total_amount=0.01'),
    };
    expect(await refusal(provider().verifyNotification(changed))).toBe(
      'refused: sign does not match',
    );
    const forged = tradeNotification({}, rsaPair().privateKey);
    expect(await refusal(provider().verifyNotification(forged))).toBe(
      'refused: sign does not match',
    );
    const foreign = tradeNotification({ app_id: '2021000000000999' });
    expect(await refusal(provider().verifyNotification(foreign))).toBe(
      'refused: app_id 2021000000000999 is not ours',
    );
    const unsigned = { ...good, rawBody: good.rawBody.replace(/&sign=[^&]*/, '') };
    expect(await refusal(provider().verifyNotification(unsigned))).toBe(
      'refused: sign does not match',
    );
  });

  it('TRADE_FINISHED is paid, TRADE_CLOSED closed, and a refund names its request', async () => {
    const finished = tradeNotification({ trade_status: 'TRADE_FINISHED' });
    await expect(provider().verifyNotification(finished)).resolves.toMatchObject({
      facts: { state: 'paid' },
    });
    const closed = tradeNotification({ trade_status: 'TRADE_CLOSED', gmt_payment: '' });
    await expect(provider().verifyNotification(closed)).resolves.toMatchObject({
      kind: 'payment',
      facts: { state: 'closed', amountFen: 0 },
    });
    const refund = tradeNotification({
      out_biz_no: 'XJR7',
      refund_fee: '2.34',
      gmt_refund: '2025-03-02 09:00:00.123',
    });
    await expect(provider().verifyNotification(refund)).resolves.toEqual({
      kind: 'refund',
      facts: {
        orderNo: 'XJ20250301120000002',
        refundNo: 'XJR7',
        state: 'success',
        refundFen: 234,
        providerRefundId: '2025030122001400000000000001',
      },
    });
  });

  it("answers 'success' or 'fail' as text/plain", () => {
    expect(provider().reply(true)).toEqual({
      status: 200,
      contentType: 'text/plain',
      body: 'success',
    });
    expect(provider().reply(false)).toMatchObject({ contentType: 'text/plain', body: 'fail' });
  });
});

/**
 * The published vectors of alipay-sdk's own tests: github.com/alipay/alipay-sdk-nodejs-all,
 * test/alipay.test.ts, describe('checkNotifySign'), with the key of
 * test/fixtures/alipay-notify-sign-public-key-v2.pem and the inline `notifyAlipayPublicKeyV1`.
 * Real notifications signed by Alipay, verified here with the SDK version we ship.
 */
describe("Alipay notifications: alipay-sdk's published vectors", () => {
  const NOTIFY_KEY_V2 = [
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAk6DCsBIUhWriFohzRV8F',
    'ic6oQWNnLKKILNk97VU5qcHEuxYzCujKoyva5gy1170mFJw4IcgJF8AyS7iDUwzA',
    'wF4Pp9CpWxDhUhe7mdQJhjBmvTcPLGFFrzlj6unO5lAcbdwaxPUtSxOaNxPJGrTK',
    '/wnKQSbjTMMltp1J68q2Tfgrsn/NdZ6lrxO9rvmky8kowqaH5NjntyHO59jCGabM',
    'j5sI14z8N61wB/QuIJrDuzIPMPrSNbq0cOWcSCDG09oUHTp9fk7suDB8UiFcmVTX',
    'OvK3d4HbeX8V9YsEMxrwxEoYgRRj6K2qrC6oxw480cqf2ueumCmHg6xrcgkyXK81',
    'hwIDAQAB',
  ].join('\n');
  const NOTIFY_KEY_V1 =
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';

  // "verify sign should not delete sign_type": a service-market order notification.
  const serviceMarket = {
    app_id: '2017122801303261',
    charset: 'UTF-8',
    commodity_order_id: '2019030800000018079639',
    contactor: '技术支持测试的公司',
    merchant_pid: '2088721996721370',
    method: 'alipay.open.servicemarket.order.notify',
    name: '技术支持测试的公司',
    notify_id: '2019030800222102023008121054923345',
    notify_time: '2019-03-08 10:20:23',
    notify_type: 'servicemarket_order_notify',
    order_item_num: '1',
    order_ticket: '29b1c37d99ab48c5bd5bdaeaeaefbB37',
    order_time: '2019-03-08 10:20:08',
    phone: '17826894615',
    service_code: '58621634',
    sign: 'MsK5SCw8oqLw4f0hiNSd5OVGXxBY3wnQeT8vn5PklJSZFWSZbK4hQbNvkp4ZezeXQH514cEv0ul6Qow8yh6e6yM06LfEL+EZjcpZ0nxzFGRNQ5qq2AUc1OaXQdk92AGvxh+Iq4NGpPQFBd4D8EBJa3NJd8+czMfQskceosOQFqUtLQMYa5DPs+VpN7VM5BdXjaVIuKn5d9Wm2B9dI9ObIM+YRySDkZZPv14DVmUvcrcqJfOR8aHvtSd7B4l92wUQPQgQKNcOQho7xOHS/Bk+Y74AZL2y7TkNmdDoq9OGsThuF5tDW9rI9nVwXxOtsuB+bstra+W7aw9x9DvkKgdSRw==',
    sign_type: 'RSA2',
    timestamp: '2019-03-08 10:20:23',
    title: '麦禾商城模版',
    total_price: '0.00',
    version: '1.0',
  };

  const sdk = (alipayPublicKey: string) =>
    new AlipaySdk({
      appId: '2016073100135823',
      privateKey: pemOf(app.privateKey),
      keyType: 'PKCS8',
      alipayPublicKey,
    });

  it('the service-market vector verifies with and without sign_type; a changed field fails', () => {
    const withKey = sdk(NOTIFY_KEY_V2);
    expect(withKey.checkNotifySignV2({ ...serviceMarket })).toBe(true);
    const { sign_type: _dropped, ...withoutSignType } = serviceMarket;
    expect(withKey.checkNotifySignV2(withoutSignType)).toBe(true);
    expect(withKey.checkNotifySignV2({ ...serviceMarket, service_code: '58621634111' })).toBe(
      false,
    );
    expect(sdk(bareKey(alipay.publicKey)).checkNotifySignV2({ ...serviceMarket })).toBe(false);
  });

  it('a real trade_status_sync ("without sign_type arguments verify success") through our provider', async () => {
    const yuque: Record<string, string> = {
      gmt_create: '2019-08-15 15:56:22',
      charset: 'utf-8',
      seller_email: 'z97-yuquerevenue@service.aliyun.com',
      subject: '语雀空间 500人规模',
      sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
      buyer_id: '2088102534368455',
      invoice_amount: '0.10',
      notify_id: '2019081500222155624068450559358070',
      // The SDK's test passes this as an array; in the form Alipay posts it is this JSON text.
      fund_bill_list: JSON.stringify([{ amount: '0.10', fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      receipt_amount: '0.10',
      buyer_pay_amount: '0.10',
      app_id: '2019073166072302',
      sign_type: 'RSA2',
      seller_id: '2088531891668739',
      gmt_payment: '2019-08-15 15:56:24',
      notify_time: '2019-08-15 15:56:25',
      version: '1.0',
      out_trade_no: '20190815155618536-564-57',
      total_amount: '0.10',
      trade_no: '2019081522001468450512505578',
      auth_app_id: '2019073166072302',
      buyer_logon_id: 'xud***@126.com',
      point_amount: '0.00',
    };
    const theirs = provider({ appId: '2019073166072302', alipayPublicKey: NOTIFY_KEY_V1 });
    const posted = { headers: {}, rawBody: new URLSearchParams(yuque).toString() };
    await expect(theirs.verifyNotification(posted)).resolves.toEqual({
      kind: 'payment',
      facts: {
        orderNo: '20190815155618536-564-57',
        state: 'paid',
        amountFen: 10,
        merchantId: '2019073166072302',
        tradeNo: '2019081522001468450512505578',
        payTime: Date.UTC(2019, 7, 15, 7, 56, 24),
      },
    });
    const altered = {
      headers: {},
      rawBody: posted.rawBody.replace('total_amount=0.10', 'total_amount=1.10'),
    };
    expect(await refusal(theirs.verifyNotification(altered))).toBe('refused: sign does not match');
  });
});

describe('Alipay calls', () => {
  it('a key that is not one stops the provider at start, not at the first payment', () => {
    expect(() => provider({ privateKey: 'bm90YWtleQ==' })).toThrow();
    expect(() => provider({ alipayPublicKey: 'MIIBIjANBgkq' })).toThrow();
  });

  it('wap pay for a mobile browser: a URL signed with the app key, amounts in yuan, Beijing expiry', async () => {
    const handoff = await provider().prepare(payment());
    if (handoff.kind !== 'redirect') throw new Error(handoff.kind);
    const url = new URL(handoff.url);
    expect(`${url.origin}${url.pathname}`).toBe(gateway);
    const fields = Object.fromEntries(url.searchParams);
    expect(requestProblem(fields, app.publicKey)).toBeNull();
    expect(fields).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.wap.pay',
      notify_url: 'https://pay.example.com/api/pay/notify/alipay',
      return_url: 'https://pay.example.com/pagesBuy/paySuccess/index',
    });
    expect(JSON.parse(fields.biz_content!)).toEqual({
      out_trade_no: 'XJ20250301120000002',
      total_amount: '12.34',
      subject: '服务续费 1 年',
      time_expire: '2025-03-01 12:30:00',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://pay.example.com/pagesBuy/paySuccess/index',
    });
    expect((await fetch(handoff.url)).status).toBe(200);
    expect(standIn.trade('XJ20250301120000002')?.status).toBe('WAIT_BUYER_PAY');
  });

  it('page pay on the desktop, an order string for a native app', async () => {
    const page = await provider().prepare(payment({ clientType: 'native' }));
    if (page.kind !== 'redirect') throw new Error(page.kind);
    const pageFields = Object.fromEntries(new URL(page.url).searchParams);
    expect(pageFields.method).toBe('alipay.trade.page.pay');
    expect(JSON.parse(pageFields.biz_content!)).toMatchObject({
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    const native = await provider().prepare(payment({ clientType: 'app' }));
    if (native.kind !== 'app') throw new Error(native.kind);
    const appFields = Object.fromEntries(new URLSearchParams(native.params.orderString));
    expect(appFields.method).toBe('alipay.trade.app.pay');
    expect(requestProblem(appFields, app.publicKey)).toBeNull();
    expect(provider().clientTypes).toEqual(['h5', 'native', 'app']);
  });

  it('query, close, refund and refund query, each answer verified by alipay-sdk', async () => {
    const alipayProvider = provider();
    const { url } = (await alipayProvider.prepare(payment())) as { url: string };
    await expect(alipayProvider.query('XJ20250301120000002')).resolves.toMatchObject({
      state: 'unpaid',
    });
    await fetch(url);
    await standIn.pay('XJ20250301120000002', { notify: false });
    await expect(alipayProvider.query('XJ20250301120000002')).resolves.toMatchObject({
      state: 'paid',
      amountFen: 1234,
      merchantId: APP_ID,
    });
    const refund = (refundNo: string, refundFen: number) =>
      alipayProvider.refund({
        orderNo: 'XJ20250301120000002',
        refundNo,
        refundFen,
        totalFen: 1234,
        reason: '用户申请',
        notifyUrl: '',
      });
    await expect(refund('XJR1', 234)).resolves.toMatchObject({ state: 'success', refundFen: 234 });
    await expect(refund('XJR1', 234)).resolves.toMatchObject({ state: 'processing' });
    await expect(refund('XJR2', 1001)).resolves.toMatchObject({ state: 'failed' });
    await expect(alipayProvider.queryRefund('XJ20250301120000002', 'XJR1')).resolves.toEqual({
      refundNo: 'XJR1',
      state: 'success',
      refundFen: 234,
      providerRefundId: expect.any(String),
    });
    await expect(alipayProvider.queryRefund('XJ20250301120000002', 'XJR9')).resolves.toMatchObject({
      state: 'failed',
    });
    await expect(alipayProvider.query('NEVER-OPENED')).resolves.toMatchObject({ state: 'unpaid' });
    await expect(alipayProvider.close('NEVER-OPENED')).resolves.toBeUndefined();
  });

  it('an answer not signed by the configured Alipay key is a payment service error', async () => {
    const stranger = provider({ alipayPublicKey: bareKey(rsaPair().publicKey) });
    await expect(stranger.query('XJ1')).rejects.toMatchObject({
      codeName: 'PAYMENT_SERVICE_ERROR',
      data: { provider: 'alipay' },
    });
    const wrongAppKey = provider({ privateKey: pemOf(rsaPair().privateKey) });
    await expect(wrongAppKey.close('XJ1')).rejects.toMatchObject({
      data: { reason: expect.stringContaining('isv.invalid-signature') },
    });
  });
});
