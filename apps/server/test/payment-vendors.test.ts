import { createVerify } from 'node:crypto';
import {
  formatFen,
  ORDER_PAY_WINDOW_MS,
  type CreatedOrder,
  type Order,
  type RefundRequestView,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayStandIn } from './support/alipay-stand-in.js';
import { testDialects } from './support/databases.js';
import { orderFlow } from './support/order-flow.js';
import { cardOwners, DAY, product, simCard } from './support/sim-fixtures.js';
import { inlinePem, rsaPair } from './support/rsa-keys.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { startWechatPayStandIn } from './support/wechat-pay-stand-in.js';

/** The address the providers are told; the stand-ins deliver to the test server's own port. */
const PUBLIC_BASE = 'https://xunji.example.com';
const MCHID = '1900009191';
const WECHAT_APPID = 'wxd678efh567hg6787';
const API_V3_KEY = 'V3'.repeat(16);
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025010100000000000001';
const ALIPAY_APP_ID = '2021000000000001';
const RECONCILE_AFTER_MS = 5 * 60_000;
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

/**
 * WeChat Pay and Alipay end to end over real HTTP: the server configured with WECHAT_PAY_* and
 * ALIPAY_* pointing at local stand-ins of both gateways, which check every signature.
 */
describe.each(testDialects())('WeChat Pay and Alipay through the server on %s', (dialect) => {
  const merchant = rsaPair();
  const platform = rsaPair();
  const app = rsaPair();
  const alipay = rsaPair();
  const wechat = startWechatPayStandIn({
    mchid: MCHID,
    appid: WECHAT_APPID,
    merchantSerial: 'MERCHANT-SERIAL-1',
    merchantPublicKey: merchant.publicKey,
    apiV3Key: API_V3_KEY,
    platform: { serial: PUBLIC_KEY_ID, privateKey: platform.privateKey },
  });
  const alipayGateway = startAlipayStandIn({
    appId: ALIPAY_APP_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
  });
  let server: TestServer;
  beforeAll(async () => {
    const [wechatUrl, alipayUrl] = await Promise.all([wechat.listen(), alipayGateway.listen()]);
    server = await startTestServer(dialect, {
      PAY_DEVELOPMENT: 'false',
      PAY_NOTIFY_BASE_URL: PUBLIC_BASE,
      RECONCILE_AFTER_MIN: '5',
      WECHAT_PAY_MCHID: MCHID,
      WECHAT_PAY_APPID: WECHAT_APPID,
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_PRIVATE_KEY: inlinePem(merchant.privateKey),
      WECHAT_PAY_CERT_SERIAL: 'MERCHANT-SERIAL-1',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: inlinePem(platform.publicKey),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      WECHAT_PAY_API_URL: wechatUrl,
      ALIPAY_APP_ID: ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: inlinePem(app.privateKey),
      ALIPAY_PUBLIC_KEY: inlinePem(alipay.publicKey),
      ALIPAY_GATEWAY: `${alipayUrl}gateway.do`,
    });
    for (const standIn of [wechat, alipayGateway]) {
      standIn.deliverTo(server.url);
      standIn.useClock(server.clock);
    }
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([wechat.close(), alipayGateway.close()]);
  });

  const owners = cardOwners(() => server, '136', '07');
  const flow = orderFlow(() => server);

  /** What differs between the two providers: how the buyer pays, and how each answers. */
  const vendors = {
    wechat: {
      clientTypes: ['native', 'h5', 'jsapi'] as const,
      accepted: { status: 204, body: '' },
      refused: { status: 400, body: expect.stringContaining('"code":"FAIL"') as unknown },
      async pay(order: CreatedOrder, paid: { paidFen?: number; notify?: boolean } = {}) {
        return wechat.pay(order.orderNo, paid);
      },
      notifyAgain: (order: CreatedOrder) => wechat.notify(order.orderNo),
      notifyUrl: (order: CreatedOrder) => wechat.order(order.orderNo)?.request.notify_url,
      closedThere: (order: CreatedOrder) => wechat.order(order.orderNo)?.state === 'CLOSED',
      refundedThere: (order: CreatedOrder) => wechat.order(order.orderNo)?.refundedFen,
    },
    alipay: {
      clientTypes: ['h5', 'native'] as const,
      accepted: { status: 200, body: 'success' },
      refused: { status: 200, body: 'fail' as unknown },
      /** The buyer's browser opens the wap/page pay URL, then pays at the cashier. */
      async pay(order: CreatedOrder, paid: { paidFen?: number; notify?: boolean } = {}) {
        if (order.payment.kind !== 'redirect') throw new Error(order.payment.kind);
        expect((await fetch(order.payment.url)).status).toBe(200);
        return alipayGateway.pay(order.orderNo, {
          ...(paid.paidFen !== undefined && { paidYuan: formatFen(paid.paidFen) }),
          ...(paid.notify !== undefined && { notify: paid.notify }),
        });
      },
      notifyAgain: (order: CreatedOrder) => alipayGateway.notify(order.orderNo),
      notifyUrl: (order: CreatedOrder) => alipayGateway.trade(order.orderNo)?.notifyUrl,
      closedThere: (order: CreatedOrder) =>
        alipayGateway.trade(order.orderNo)?.status === 'TRADE_CLOSED',
      refundedThere: (order: CreatedOrder) =>
        [...(alipayGateway.trade(order.orderNo)?.refunds.values() ?? [])].reduce(
          (a, b) => a + b,
          0,
        ),
    },
  };

  async function create(
    provider: keyof typeof vendors,
    clientType: string,
    token: string,
    terminalId: number,
    productId: number,
  ) {
    const { body } = await server.call<CreatedOrder>('POST', '/order/create', {
      token,
      body: {
        provider,
        clientType,
        terminalId,
        productId,
        ...(clientType === 'jsapi' && { openid: OPENID }),
      },
    });
    if (body.code !== 0) throw new Error(`order/create: ${body.code} ${body.message}`);
    return body.data;
  }

  /** A new owner's device with a SIM card, and an order of a ¥19.90 data package for it. */
  async function dataOrder(provider: keyof typeof vendors, clientType = 'h5', priceFen = 1990) {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const data = await product(server, { priceFen, quota: 1024, durationDays: 30 });
    const order = await create(provider, clientType, car.token, car.deviceId, data.id);
    return { car, order };
  }
  const status = async (token: string, order: CreatedOrder) =>
    (await flow.read(token, order.id)).body.data.status;
  const totalDataKb = async (iccid: string) =>
    Number((await server.repositories.simCards.find(iccid))!.totalDataKb);

  it('lists both providers with the clients each serves', async () => {
    const { token } = await owners.owned();
    const { body } = await server.call('GET', '/pay/provider', { token });
    expect(body.data).toEqual([
      { provider: 'wechat', clientTypes: ['jsapi', 'h5', 'native', 'app'] },
      { provider: 'alipay', clientTypes: ['h5', 'native', 'app'] },
    ]);
  });

  describe.each(Object.keys(vendors) as (keyof typeof vendors)[])('%s', (name) => {
    const vendor = vendors[name];

    it.each(vendor.clientTypes)(
      '%s: create → the stand-in pays → its notification → paid, SIM quota added',
      async (clientType) => {
        const { car, order } = await dataOrder(name, clientType);
        expect(order).toMatchObject({ status: 0, amountFen: 1990 });
        const before = await totalDataKb(car.iccid);
        expect(await vendor.pay(order)).toEqual(vendor.accepted);
        expect(vendor.notifyUrl(order)).toBe(`${PUBLIC_BASE}/api/pay/notify/${name}`);
        const paid = (await flow.read(car.token, order.id)).body.data;
        expect(paid).toMatchObject({ status: 1, amountFen: 1990 });
        expect(paid.payTime).not.toBeNull();
        expect(await totalDataKb(car.iccid)).toBe(before + 1024 * 1024);
        expect(await flow.events(order.id)).toEqual(['created', 'paid', 'fulfilled']);
      },
    );

    it('a service plan extends the device service period by its days', async () => {
      const car = await owners.owned();
      const plan = await product(server, {
        kind: 'vip',
        path: 'renewal',
        effect: 'servicePeriod',
        priceFen: 9900,
        quota: null,
        durationDays: 365,
      });
      const until = server.clock.now() + 10 * DAY;
      await server.repositories.deviceServices.save({
        deviceId: car.deviceId,
        startingTime: server.clock.now() - 100 * DAY,
        expirationTime: until,
        isTrial: 0,
      });
      const order = await create(name, 'native', car.token, car.deviceId, plan.id);
      expect(await vendor.pay(order)).toEqual(vendor.accepted);
      expect(await server.repositories.deviceServices.find(car.deviceId)).toMatchObject({
        expirationTime: until + 365 * DAY,
      });
    });

    it('the same notification ten times at once is applied once', async () => {
      const { car, order } = await dataOrder(name);
      const before = await totalDataKb(car.iccid);
      await vendor.pay(order, { notify: false });
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => vendor.notifyAgain(order)),
      );
      expect(replies).toEqual(Array.from({ length: 10 }, () => vendor.accepted));
      expect(await totalDataKb(car.iccid)).toBe(before + 1024 * 1024);
      expect(await flow.events(order.id)).toEqual(['created', 'paid', 'fulfilled']);
    });

    it('a lost notification: the reconciliation job finds the payment by query', async () => {
      const { car, order } = await dataOrder(name);
      const before = await totalDataKb(car.iccid);
      expect(await vendor.pay(order, { notify: false })).toBeUndefined();
      await server.services.reconciliation.run();
      expect(await status(car.token, order)).toBe(0); // too early: the buyer may still be paying
      server.clock.advance(RECONCILE_AFTER_MS + 1000);
      try {
        await server.services.reconciliation.run();
      } finally {
        server.clock.advance(-(RECONCILE_AFTER_MS + 1000));
      }
      expect(await status(car.token, order)).toBe(1);
      expect(await totalDataKb(car.iccid)).toBe(before + 1024 * 1024);
    });

    it('a notification whose amount differs from the order is refused and logged', async () => {
      const { car, order } = await dataOrder(name);
      const before = await totalDataKb(car.iccid);
      expect(await vendor.pay(order, { paidFen: 1 })).toEqual(vendor.refused);
      expect(await status(car.token, order)).toBe(0);
      expect(await totalDataKb(car.iccid)).toBe(before);
      expect(await flow.events(order.id)).toEqual(['created', 'notifyRefused']);
    });

    it('an unpaid order closes after its pay window, closed at the stand-in too', async () => {
      const { car, order } = await dataOrder(name);
      if (name === 'alipay' && order.payment.kind === 'redirect') await fetch(order.payment.url);
      server.clock.advance(ORDER_PAY_WINDOW_MS + 1000);
      try {
        await server.services.orderCloser.run();
      } finally {
        server.clock.advance(-(ORDER_PAY_WINDOW_MS + 1000));
      }
      expect(vendor.closedThere(order)).toBe(true);
      expect(await status(car.token, order)).toBe(-1);
    });

    it('a refund approved partly, then fully: status 2, then 3, seen at the stand-in', async () => {
      const { car, order } = await dataOrder(name, 'h5', 2000);
      await vendor.pay(order);
      const ask = async (requestFee: number) => {
        const { body } = await server.call<RefundRequestView>('POST', '/order/refund', {
          token: car.token,
          body: {
            orderId: order.id,
            requestFee,
            refundReason: `${'买错了'.repeat(46)}!!`, // 140: WeChat takes 80
            contactName: '张三',
            contactTel: '13800138000',
            allowCall: false,
          },
        });
        if (body.code !== 0) throw new Error(`order/refund: ${body.code} ${body.message}`);
        return body.data;
      };
      await server.services.refunds.approve((await ask(500)).id);
      expect(vendor.refundedThere(order)).toBe(500);
      const partly = (await flow.read(car.token, order.id)).body.data;
      expect(partly).toMatchObject({ status: 2, refund: { state: 'refunded', refundFee: 500 } });
      await server.services.refunds.approve((await ask(1500)).id);
      expect(vendor.refundedThere(order)).toBe(2000);
      expect((await flow.read(car.token, order.id)).body.data).toMatchObject<Partial<Order>>({
        status: 3,
      });
    });
  });

  it('WeChat JSAPI: paySign verifies with the merchant key over the four lines', async () => {
    const { order } = await dataOrder('wechat', 'jsapi');
    if (order.payment.kind !== 'jsapi') throw new Error(order.payment.kind);
    const p = order.payment.params;
    expect(p.appId).toBe(WECHAT_APPID);
    expect(
      createVerify('RSA-SHA256')
        .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
        .verify(merchant.publicKey, p.paySign, 'base64'),
    ).toBe(true);
    expect(wechat.order(order.orderNo)?.request).toMatchObject({ payer: { openid: OPENID } });
  });

  it('a forged WeChat notification (a SIGNTEST probe) is refused with 400 FAIL', async () => {
    const { car, order } = await dataOrder('wechat', 'native');
    const body = JSON.stringify({ id: 'probe', event_type: 'TRANSACTION.SUCCESS' });
    const reply = await wechat.postRaw(order.orderNo, body, {
      'wechatpay-serial': PUBLIC_KEY_ID,
      'wechatpay-timestamp': String(Math.floor(server.clock.now() / 1000)),
      'wechatpay-nonce': 'probe',
      'wechatpay-signature': 'WECHATPAY/SIGNTEST/ABCDEFGHIJKLMN',
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'FAIL' });
    expect(await status(car.token, order)).toBe(0);
  });
});
