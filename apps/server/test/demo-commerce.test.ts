import type { OrderPage, ServicePackage, SimCardAlarm, SimCardInfo, Terminal } from '@xunji/shared';
import { isIccid } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCommerce } from '../src/demo/demo-commerce.js';
import { DEMO_DEVICES, ensureDemoDevices } from '../src/demo/demo-fleet.js';
import { testDialects } from './support/databases.js';
import { registerUser, startTestServer, type TestServer } from './support/test-server.js';

/** Demo mode's catalogue and SIM cards: every purchase page has something to show. */
describe.each(testDialects())('the demo catalogue on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const demo = await registerUser(server, '13200000001');
    token = demo.token;
    await ensureDemoDevices(server.repositories, demo.user.userId);
  });
  afterAll(() => server.close());

  const deviceOf = async (terminalNo: string) =>
    (await server.repositories.devices.findByTerminalNo(terminalNo))!;

  it('puts a SIM card in every demo device, the car near its data limit', async () => {
    await ensureDemoCommerce(server.repositories, server.clock.now(), 'XJ');
    const car = await deviceOf(DEMO_DEVICES[0]!.terminalNo);
    for (const demo of DEMO_DEVICES) {
      const device = await deviceOf(demo.terminalNo);
      expect(isIccid(device.iccid ?? '')).toBe(true);
      const { body } = await server.call<SimCardInfo>('GET', `/simcard/card-info/${device.iccid}`, {
        token,
      });
      expect(body.data).toMatchObject({ state: 'activated', terminalId: device.id });
    }
    const alarm = await server.call<SimCardAlarm>('GET', `/simcard/get-card-alarm/${car.iccid}`, {
      token,
    });
    expect(alarm.body.data.kinds).toEqual(['lowData']);
  });

  it('shows the car a past paid order, its 1 GB on the card', async () => {
    const car = await deviceOf(DEMO_DEVICES[0]!.terminalNo);
    const { body } = await server.call<OrderPage>(
      'GET',
      `/order/page?page=1&limit=20&terminalId=${car.id}`,
      { token, language: 'en' },
    );
    expect(body.data.list).toEqual([
      expect.objectContaining({
        status: 1,
        amountFen: 990,
        productName: 'Data 1 GB',
        iccid: car.iccid,
      }),
    ]);
    const card = await server.call<SimCardInfo>('GET', `/simcard/card-info/${car.iccid}`, {
      token,
    });
    expect(card.body.data.totalDataKb).toBe(3 * 1024 * 1024);
  });

  it('sells data, SMS, calls, renewal and plans with a free trial, in fen', async () => {
    const car = await deviceOf(DEMO_DEVICES[0]!.terminalNo);
    const list = async (path: string) =>
      (await server.call<ServicePackage[]>('GET', path, { token, language: 'en' })).body.data.map(
        (p) => [p.name, p.priceFen, p.isTrial],
      );
    expect(await list(`/service-package/simcard?iccid=${car.iccid}`)).toEqual([
      ['Data 1 GB', 990, false],
      ['Data 3 GB', 2500, false],
      ['Data 10 GB', 6800, false],
      ['100 SMS', 500, false],
    ]);
    expect(await list(`/service-package/tel?terminalId=${car.id}`)).toEqual([
      ['Alarm calls, 60 minutes', 600, false],
      ['Alarm calls, 200 minutes', 1800, false],
    ]);
    expect(await list(`/service-package/renewal?terminalId=${car.id}`)).toEqual([
      ['Platform service, 1 year', 3000, false],
    ]);
    expect(await list(`/terminal-vip/list/type?terminalId=${car.id}`)).toEqual([
      ['7-day free trial', 0, true],
      ['Activation, 1 month', 500, false],
      ['Activation, 1 year', 4800, false],
    ]);
    expect(await list(`/terminal-vip/list/type?terminalId=${car.id}&type=renewal`)).toEqual([
      ['Renewal, 1 year', 4800, false],
    ]);
  });

  it('keeps the car active and a watch on its trial', async () => {
    const terminal = async (terminalNo: string) =>
      (
        await server.call<Terminal>('GET', `/v2/terminal/${(await deviceOf(terminalNo)).id}`, {
          token,
        })
      ).body.data;
    expect((await terminal(DEMO_DEVICES[0]!.terminalNo)).vipState).toMatchObject({
      isTrial: false,
    });
    const watch = await terminal(DEMO_DEVICES[2]!.terminalNo);
    expect(watch.vipState).toMatchObject({ isTrial: true });
    expect(watch.vipState!.expirationTime - watch.vipState!.startingTime).toBe(7 * 86_400_000);
    // Its trial came from a free order, so the watch is not offered another.
    const plans = await server.call<ServicePackage[]>(
      'GET',
      `/terminal-vip/list/type?terminalId=${watch.id}&type=activation`,
      { token, language: 'en' },
    );
    expect(plans.body.data.find((p) => p.isTrial)).toMatchObject({ available: false });
  });

  it('adds nothing at a restart', async () => {
    const count = async () => ({
      products: (await server.repositories.products.list(true)).length,
      cards: (await server.repositories.simCards.list()).length,
      orders: Number(
        (
          await server.database.handle.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    await ensureDemoCommerce(server.repositories, server.clock.now(), 'XJ');
    expect(await count()).toEqual(before);
    expect(before).toEqual({ products: 11, cards: 5, orders: 2 });
    const watch = await deviceOf(DEMO_DEVICES[2]!.terminalNo);
    expect(await server.repositories.deviceServices.find(watch.id)).toMatchObject({ isTrial: 1 });
  });
});
