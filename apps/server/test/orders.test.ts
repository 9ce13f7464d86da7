import { Codes, type OrderPage } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoPaidOrder } from '../src/demo/demo-order.js';
import { testDialects } from './support/databases.js';
import { orderFlow } from './support/order-flow.js';
import { cardOwners, product, simCard } from './support/sim-fixtures.js';
import { registerUser, startTestServer, type TestServer } from './support/test-server.js';

/** §7 "Orders": priced by the server, read only by the buyer and the device's owner (tenure). */
describe.each(testDialects())('orders on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '131', '06');
  const flow = orderFlow(() => server);
  const page = (token: string, path: string, language?: string) =>
    server.call<OrderPage>('GET', path, { token, ...(language && { language }) });

  async function carWithCard() {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    return car;
  }

  it('prices the order from the catalogue, whatever amount the body carries', async () => {
    const car = await carWithCard();
    const data = await product(server, { priceFen: 4200 });
    const { body } = await flow.create(car.token, {
      terminalId: car.deviceId,
      productId: data.id,
      amount: 1,
      amountFen: 1,
    });
    expect(body.data).toMatchObject({ amountFen: 4200, status: 0 });
    const stored = (await server.repositories.orders.byId(body.data.id))!;
    expect(stored).toMatchObject({ amountFen: 4200, merchantId: 'development', iccid: car.iccid });
    expect(stored.closeAt - stored.createdAt).toBe(30 * 60_000);
  });

  it('tops up only the device’s own card, and refuses providers that are not configured', async () => {
    const car = await carWithCard();
    const data = await product(server);
    const other = owners.nextIccid();
    const foreign = await flow.create(car.token, {
      terminalId: car.deviceId,
      productId: data.id,
      iccid: other,
    });
    expect(foreign.body.code).toBe(Codes.PRODUCT_NOT_FOR_DEVICE.code);
    const named = await flow.create(car.token, {
      deviceId: car.deviceId,
      productId: data.id,
      iccid: car.iccid.toLowerCase(),
    });
    expect(named.body.code).toBe(0);

    await server.database.handle.db
      .updateTable('devices')
      .set({ iccid: null })
      .where('id', '=', car.deviceId)
      .execute();
    const cardless = await flow.create(car.token, { terminalId: car.deviceId, productId: data.id });
    expect(cardless.body.code).toBe(Codes.PRODUCT_NOT_FOR_DEVICE.code);

    const minutes = await product(server, { kind: 'tel', effect: 'callMinutes', quota: 60 });
    const wechat = await flow.create(car.token, {
      terminalId: car.deviceId,
      productId: minutes.id,
      provider: 'wechat',
    });
    expect(wechat.body.code).toBe(Codes.PAY_PROVIDER_UNAVAILABLE.code);
  });

  it('keeps the order unpaid when the provider fails to prepare it', async () => {
    const car = await carWithCard();
    const data = await product(server);
    vi.spyOn(server.services.paymentProviders.development!, 'prepare').mockRejectedValueOnce(
      new Error('cashier down'),
    );
    const { status, body } = await flow.create(car.token, {
      terminalId: car.deviceId,
      productId: data.id,
    });
    expect({ status, code: body.code }).toEqual({
      status: 502,
      code: Codes.PAYMENT_SERVICE_ERROR.code,
    });
    const [kept] = await server.repositories.orders.list(0, 1);
    expect(kept).toMatchObject({ deviceId: car.deviceId, status: 0 });
  });

  it('lets no one else read, list or buy for a device', async () => {
    const car = await carWithCard();
    const order = await flow.created(car.token, car.deviceId, (await product(server)).id);
    const stranger = await owners.stranger();
    expect((await flow.read(stranger, order.id)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);
    expect((await flow.read(stranger, 999_999)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);
    const listed = await page(stranger, `/order/page?page=1&limit=20&terminalId=${car.deviceId}`);
    expect(listed.body.code).toBe(Codes.DEVICE_UNBOUND.code);
    expect((await page(stranger, '/order/topup/page?page=1&limit=20')).body.data).toEqual({
      list: [],
      count: 0,
    });
    const bought = await flow.create(stranger, { terminalId: car.deviceId, productId: 1 });
    expect(bought.body.code).toBe(Codes.DEVICE_UNBOUND.code);
  });

  it('lists the owner everyone’s orders of the tenure, a family member only their own', async () => {
    const car = await carWithCard();
    const data = await product(server, { nameZh: '流量 2GB', nameEn: 'Data 2 GB' });
    const family = await registerUser(server, '13100009999');
    await server.repositories.devices.bind(family.user.userId, car.deviceId, false, 'active', 0);
    const mine = await flow.created(car.token, car.deviceId, data.id);
    const theirs = await flow.created(family.token, car.deviceId, data.id);

    const ownerView = await page(
      car.token,
      `/order/page?page=1&limit=20&terminalId=${car.deviceId}`,
      'en',
    );
    expect(ownerView.body.data.count).toBe(2);
    expect(ownerView.body.data.list.map((o) => [o.id, o.isBuyer, o.productName])).toEqual([
      [theirs.id, false, 'Data 2 GB'],
      [mine.id, true, 'Data 2 GB'],
    ]);
    expect((await flow.read(car.token, theirs.id)).body.data.isBuyer).toBe(false);

    const familyView = await page(
      family.token,
      `/order/page?page=1&limit=20&terminalId=${car.deviceId}`,
    );
    expect(familyView.body.data.list.map((o) => [o.id, o.productName])).toEqual([
      [theirs.id, '流量 2GB'],
    ]);
    expect((await flow.read(family.token, mine.id)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);

    const topups = await page(family.token, '/order/topup/page?page=1&limit=20');
    expect(topups.body.data.list.map((o) => o.id)).toEqual([theirs.id]);
  });

  it('shows the next owner of a resold device none of the previous owner’s orders', async () => {
    const car = await carWithCard();
    const order = await flow.created(car.token, car.deviceId, (await product(server)).id);
    await flow.press(order, 'confirm');
    const unbound = await server.call('POST', '/terminal/unbind', {
      token: car.token,
      body: { id: car.deviceId },
    });
    expect(unbound.body.code).toBe(0);
    server.clock.advance(1000);
    const buyer = await registerUser(server, '13100008888');
    const since = server.clock.now();
    await server.repositories.devices.bind(buyer.user.userId, car.deviceId, true, 'active', since);

    const listed = await page(
      buyer.token,
      `/order/page?page=1&limit=20&terminalId=${car.deviceId}`,
    );
    expect(listed.body.data).toEqual({ list: [], count: 0 });
    expect((await flow.read(buyer.token, order.id)).body.code).toBe(Codes.ORDER_NOT_FOUND.code);
    // The seller still has their own purchase.
    expect((await flow.read(car.token, order.id)).body.data.status).toBe(1);
  });

  it('seeds the demo car one past paid order, fulfilled, once', async () => {
    const car = await carWithCard();
    const data = await product(server, { priceFen: 1990 });
    const before = Number((await server.repositories.simCards.find(car.iccid))!.totalDataKb);
    const demo = {
      userId: car.userId,
      deviceId: car.deviceId,
      product: data,
      iccid: car.iccid,
      orderNoPrefix: 'XJ',
      now: server.clock.now(),
    };
    await seedDemoPaidOrder(server.repositories, demo);
    await seedDemoPaidOrder(server.repositories, demo);
    const listed = await page(car.token, `/order/page?page=1&limit=20&terminalId=${car.deviceId}`);
    expect(listed.body.data.count).toBe(1);
    const [order] = listed.body.data.list;
    expect(order).toMatchObject({ status: 1, amountFen: 1990, provider: 'development' });
    expect(order!.payTime).toBeLessThan(server.clock.now() - 86_400_000);
    expect(await flow.events(order!.id)).toEqual(['created', 'paid', 'fulfilled']);
    const after = Number((await server.repositories.simCards.find(car.iccid))!.totalDataKb);
    expect(after).toBe(before + 1024 * 1024);
  });
});
