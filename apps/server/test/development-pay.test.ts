import { ORDER_PAY_WINDOW_MS } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import { orderFlow } from './support/order-flow.js';
import { cardOwners, DAY, product, simCard } from './support/sim-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** The whole purchase of demo mode over real HTTP: order, checkout page, notification, effect. */
describe.each(testDialects())('the development checkout on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '135', '02');
  const flow = orderFlow(() => server);
  const card = (iccid: string) => server.repositories.simCards.find(iccid);

  it('lists the development provider for every kind of client', async () => {
    const { token } = await owners.owned();
    const { body } = await server.call('GET', '/pay/provider', { token });
    expect(body.data).toEqual([
      { provider: 'development', clientTypes: ['h5', 'jsapi', 'native', 'app'] },
    ]);
  });

  it('buys a data package: confirm → signed notification → paid, quota and card expiry added, top-up handed over', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const before = (await card(car.iccid))!;
    const data = await product(server, { priceFen: 990, quota: 1024, durationDays: 30 });

    const order = await flow.created(car.token, car.deviceId, data.id);
    expect(order).toMatchObject({ status: 0, amountFen: 990, payment: { kind: 'redirect' } });
    expect(order.orderNo).toMatch(/^XJ\d{22}$/);

    const pressed = await flow.press(order, 'confirm');
    expect(pressed).toEqual({
      status: 303,
      location: `/pagesBuy/paySuccess/index?orderId=${order.id}`,
    });

    const { body } = await flow.read(car.token, order.id);
    expect(body.data).toMatchObject({ status: 1, iccid: car.iccid, amountFen: 990, refund: null });
    expect(body.data.payTime).not.toBeNull();
    const after = (await card(car.iccid))!;
    expect(Number(after.totalDataKb)).toBe(Number(before.totalDataKb) + 1024 * 1024);
    expect(Number(after.serviceExpiry)).toBe(Number(before.serviceExpiry) + 30 * DAY);
    expect(await flow.events(order.id)).toEqual(['created', 'paid', 'fulfilled']);
    const again = await flow.checkoutPage(order);
    expect(again.status).toBe(409);
    expect(again.html).toContain('该订单已支付');
    expect((await flow.press(order, 'confirm')).status).toBe(409);
    const topup = await server.repositories.simCards.topupOfOrder(order.id);
    expect(topup).toMatchObject({ quota: 1024, operatorState: 'sent' });
  });

  it('extends the service period from its current end, and a lapsed one from now', async () => {
    const car = await owners.owned();
    const plan = await product(server, {
      kind: 'vip',
      path: 'renewal',
      effect: 'servicePeriod',
      priceFen: 9900,
      quota: null,
      durationDays: 365,
    });
    const now = server.clock.now();
    const until = now + 10 * DAY;
    await server.repositories.deviceServices.save({
      deviceId: car.deviceId,
      startingTime: now - 100 * DAY,
      expirationTime: until,
      isTrial: 1,
    });
    await flow.press(await flow.created(car.token, car.deviceId, plan.id), 'confirm');
    expect(await server.repositories.deviceServices.find(car.deviceId)).toMatchObject({
      startingTime: now - 100 * DAY,
      expirationTime: until + 365 * DAY,
      isTrial: 0,
    });

    const lapsed = await owners.owned();
    await server.repositories.deviceServices.save({
      deviceId: lapsed.deviceId,
      startingTime: now - 400 * DAY,
      expirationTime: now - DAY,
      isTrial: 0,
    });
    await flow.press(await flow.created(lapsed.token, lapsed.deviceId, plan.id), 'confirm');
    const period = (await server.repositories.deviceServices.find(lapsed.deviceId))!;
    expect(Number(period.startingTime)).toBeGreaterThanOrEqual(now);
    expect(Number(period.expirationTime) - Number(period.startingTime)).toBe(365 * DAY);
  });

  it('adds call minutes to the device', async () => {
    const car = await owners.owned();
    const minutes = await product(server, {
      kind: 'tel',
      effect: 'callMinutes',
      quota: 100,
      durationDays: null,
    });
    for (let i = 0; i < 2; i++)
      await flow.press(await flow.created(car.token, car.deviceId, minutes.id), 'confirm');
    const quotas = await server.database.handle.db
      .selectFrom('deviceQuotas')
      .selectAll()
      .where('deviceId', '=', car.deviceId)
      .executeTakeFirstOrThrow();
    expect(quotas.callMinutes).toBe(200);
  });

  it('shows the order in the browser language, with no inline style or script, and cancels without paying', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const data = await product(server, { priceFen: 1234, nameZh: '流量<包>', nameEn: 'Data <x>' });
    const order = await flow.created(car.token, car.deviceId, data.id);

    const zh = await flow.checkoutPage(order, 'zh-CN');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('开发环境收银台');
    expect(zh.html).toContain('¥12.34');
    expect(zh.html).toContain('流量&lt;包&gt;');
    expect(zh.html).toContain(order.orderNo);
    expect(zh.html).not.toMatch(/<style|style=|<script/);
    expect(zh.headers.get('content-security-policy')).toContain("default-src 'self'");
    const css = await fetch(`${server.url}/api/pay/development/checkout.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    const en = await flow.checkoutPage(order, 'en-US,en;q=0.9');
    expect(en.html).toContain('Development checkout');

    expect(await flow.press(order, 'cancel')).toMatchObject({ status: 303 });
    expect((await flow.read(car.token, order.id)).body.data.status).toBe(0);
    expect(await flow.events(order.id)).toEqual(['created']);
  });

  it('refuses a forged or closed checkout', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const order = await flow.created(car.token, car.deviceId, (await product(server)).id);
    const forged = await fetch(`${server.url}/api/pay/development/checkout?t=abc.def`);
    expect(forged.status).toBe(400);

    server.clock.advance(ORDER_PAY_WINDOW_MS + 1000);
    try {
      expect((await flow.checkoutPage(order)).status).toBe(409);
      expect((await flow.press(order, 'confirm')).status).toBe(409);
      expect((await flow.read(car.token, order.id)).body.data.status).toBe(0);
    } finally {
      server.clock.advance(-(ORDER_PAY_WINDOW_MS + 1000));
    }
  });
});
