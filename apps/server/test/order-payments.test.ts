import { createHmac } from 'node:crypto';
import { Codes, ORDER_PAY_WINDOW_MS } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import { closedPortUrl } from './support/local-http.js';
import { orderFlow } from './support/order-flow.js';
import { cardOwners, product, simCard } from './support/sim-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const MINUTE = 60_000;

/** Notifications applied once and checked; lost ones found; unpaid orders closed. */
describe.each(testDialects())('order payments on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '134', '03');
  const flow = orderFlow(() => server);

  /** A car with a card and an unpaid order for a 1 GB data package. */
  async function unpaidOrder() {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const data = await product(server, { priceFen: 1500, quota: 1024 });
    const order = await flow.created(car.token, car.deviceId, data.id);
    return { car, order };
  }

  const paidNotice = (order: { orderNo: string; amountFen: number }) => ({
    orderNo: order.orderNo,
    amountFen: order.amountFen,
    merchantId: 'development',
    tradeNo: `T${order.orderNo}`,
    payTime: server.clock.now(),
  });
  const totalData = async (iccid: string) =>
    Number((await server.repositories.simCards.find(iccid))!.totalDataKb);
  const status = async (id: number) => (await server.repositories.orders.byId(id))!.status;

  it('applies the same notification sent ten times at once exactly once', async () => {
    const { car, order } = await unpaidOrder();
    const before = await totalData(car.iccid);
    const notice = paidNotice(order);
    const headers = server.services.paymentProviders.development!.sign(JSON.stringify(notice));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => flow.notify(notice, headers)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(JSON.parse(answers[0]!.body)).toEqual({ code: 'SUCCESS' });
    expect(await status(order.id)).toBe(1);
    expect(await flow.events(order.id)).toEqual(['created', 'paid', 'fulfilled']);
    expect(await totalData(car.iccid)).toBe(before + 1024 * 1024);
    expect((await server.repositories.orders.byId(order.id))!.providerTradeNo).toBe(notice.tradeNo);
  });

  it('refuses a payment of another amount or to another merchant, and logs it on the order', async () => {
    const { order } = await unpaidOrder();
    const short = await flow.notify({ ...paidNotice(order), amountFen: order.amountFen - 1 });
    expect(short.status).toBe(400);
    expect(JSON.parse(short.body)).toEqual({ code: 'FAIL' });
    const elsewhere = await flow.notify({ ...paidNotice(order), merchantId: 'someone-else' });
    expect(elsewhere.status).toBe(400);
    expect(await status(order.id)).toBe(0);
    expect(await flow.events(order.id)).toEqual(['created', 'notifyRefused', 'notifyRefused']);
  });

  it('refuses a bad signature, a stale timestamp, an unknown order and an unknown provider', async () => {
    const { order } = await unpaidOrder();
    const notice = paidNotice(order);
    const forged = await flow.notify(notice, { 'x-devpay-signature': 'AAAA' });
    expect(forged.status).toBe(400);

    const secret = (await server.repositories.settings.get('development_pay_secret'))!;
    const raw = JSON.stringify(notice);
    const stale = String(server.clock.now() - 6 * MINUTE);
    const signature = createHmac('sha256', secret).update(`${stale}.${raw}`).digest('base64url');
    const late = await flow.notify(notice, {
      'x-devpay-timestamp': stale,
      'x-devpay-signature': signature,
    });
    expect(late.status).toBe(400);
    expect((await flow.notify({ ...notice, orderNo: 'XJ0000' })).status).toBe(400);
    expect(await status(order.id)).toBe(0);

    const nobody = await fetch(`${server.url}/api/pay/notify/nobody`, { method: 'POST' });
    expect(nobody.status).toBe(404);
  });

  it('closes an unpaid order after 30 minutes, at the provider too', async () => {
    const { order } = await unpaidOrder();
    server.clock.advance(ORDER_PAY_WINDOW_MS - MINUTE);
    await server.services.orderCloser.run();
    expect(await status(order.id)).toBe(0);

    server.clock.advance(2 * MINUTE);
    await server.services.orderCloser.run();
    expect(await status(order.id)).toBe(-1);
    expect(await flow.events(order.id)).toEqual(['created', 'closed']);
    const atProvider = await server.services.paymentProviders.development!.query(order.orderNo);
    expect(atProvider.state).toBe('closed');
    expect((await flow.checkoutPage(order)).status).toBe(409);
  });

  it('fulfils a payment that arrives for a closed order: the money arrived', async () => {
    const { car, order } = await unpaidOrder();
    server.clock.advance(ORDER_PAY_WINDOW_MS + MINUTE);
    await server.services.orderCloser.run();
    expect(await status(order.id)).toBe(-1);
    const before = await totalData(car.iccid);

    expect((await flow.notify(paidNotice(order))).status).toBe(200);
    expect(await status(order.id)).toBe(1);
    expect(await flow.events(order.id)).toEqual(['created', 'closed', 'paid', 'fulfilled']);
    const [paid] = (await server.repositories.orders.events(order.id)).filter(
      (e) => e.kind === 'paid',
    );
    expect(JSON.parse(paid!.detail)).toMatchObject({ afterClose: true });
    expect(await totalData(car.iccid)).toBe(before + 1024 * 1024);
  });

  it('gives a trial at once, through the same fulfilment, once per device', async () => {
    const car = await owners.owned();
    const trial = await product(server, {
      kind: 'vip',
      path: 'activation',
      effect: 'servicePeriod',
      priceFen: 0,
      quota: null,
      durationDays: 7,
      isTrial: 1,
    });
    const first = await flow.create(car.token, { terminalId: car.deviceId, productId: trial.id });
    expect(first.body.data).toMatchObject({ status: 1, amountFen: 0, payment: { kind: 'none' } });
    expect(await server.repositories.deviceServices.find(car.deviceId)).toMatchObject({
      isTrial: 1,
    });
    const again = await flow.create(car.token, { terminalId: car.deviceId, productId: trial.id });
    expect(again.body.code).toBe(Codes.TRIAL_USED.code);

    // Asked for five times at once by another device: one trial.
    const other = await owners.owned();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        flow.create(other.token, { terminalId: other.deviceId, productId: trial.id }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([
      0,
      ...Array(4).fill(Codes.TRIAL_USED.code),
    ]);
    const paid = await server.repositories.orders.pageOfDevice(
      other.deviceId,
      other.userId,
      0,
      1,
      20,
    );
    expect(paid.rows.filter((o) => o.status === 1)).toHaveLength(1);
  });
});

describe.each(testDialects())('a lost notification on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The notification goes where nothing listens: lost, as on a bad day at a real provider.
    server = await startTestServer(dialect, { PAY_NOTIFY_BASE_URL: await closedPortUrl() });
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '133', '04');
  const flow = orderFlow(() => server);

  it('is found by the reconciliation job once RECONCILE_AFTER_MIN has passed', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const order = await flow.created(car.token, car.deviceId, (await product(server)).id);
    expect((await flow.press(order, 'confirm')).status).toBe(303);
    const status = async () => (await server.repositories.orders.byId(order.id))!.status;
    expect(await status()).toBe(0);

    await server.services.reconciliation.run();
    expect(await status()).toBe(0);
    server.clock.advance(5 * MINUTE);
    await server.services.reconciliation.run();
    expect(await status()).toBe(1);
    const [paid] = (await server.repositories.orders.events(order.id)).filter(
      (e) => e.kind === 'paid',
    );
    expect(JSON.parse(paid!.detail)).toMatchObject({ source: 'reconciliation' });
  });
});
