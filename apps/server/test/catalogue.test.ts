import { Codes, type ServicePackage } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { testDialects } from './support/databases.js';
import { cardOwners, paidTrialOrder, product } from './support/sim-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** §7 "SIM and packages": the package lists per device model, and the price check of an order. */
describe.each(testDialects())('the catalogue on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '136', '01');
  const list = (path: string, token: string, language = 'zh-CN') =>
    server.call<ServicePackage[]>('GET', path, { token, language });
  const ids = (packages: ServicePackage[]) => packages.map((p) => p.id);

  it('lists the data and SMS packages of the card, for its model, its category or every device', async () => {
    const car = await owners.owned('GT06N', 'gt06');
    const forAll = await product(server, { priceFen: 2500, nameEn: 'Data 3 GB' });
    const forModel = await product(server, { model: 'gt06n', priceFen: 990 });
    const forCategory = await product(server, {
      kind: 'sms',
      effect: 'simSms',
      category: 'wired',
      priceFen: 500,
    });
    const first = await product(server, { priceFen: 6800, sortOrder: -1 });
    await product(server, { model: 'D9', priceFen: 100 });
    await product(server, { category: 'watch', priceFen: 100 });
    await product(server, { kind: 'tel', effect: 'callMinutes', model: 'GT06N', priceFen: 100 });
    const retired = await product(server, { priceFen: 100 });
    await server.repositories.products.retire(retired.id, server.clock.now());

    const { body } = await list(`/service-package/simcard?iccid=${car.iccid}`, car.token);
    expect(body.code).toBe(0);
    // The operator's order first, then by price.
    expect(ids(body.data)).toEqual([first.id, forCategory.id, forModel.id, forAll.id]);
    expect(body.data[0]).toMatchObject({
      kind: 'data',
      path: null,
      effect: 'simData',
      priceFen: 6800,
      originalPriceFen: null,
      quota: 1024,
      durationDays: 30,
      isTrial: false,
      available: true,
    });
  });

  it('names the packages in the caller language', async () => {
    const car = await owners.owned('GT800', 'gt06');
    await product(server, {
      model: 'GT800',
      nameZh: '短信包 100 条',
      nameEn: '100 SMS',
      descriptionZh: '报警短信',
      descriptionEn: 'Alarm texts',
      kind: 'sms',
      effect: 'simSms',
      quota: 100,
    });
    const path = `/service-package/simcard?iccid=${car.iccid}`;
    const zh = await list(path, car.token, 'zh-CN');
    const en = await list(path, car.token, 'en');
    const named = (packages: ServicePackage[]) =>
      packages.filter((p) => p.kind === 'sms').map((p) => [p.name, p.description]);
    expect(named(zh.body.data)).toContainEqual(['短信包 100 条', '报警短信']);
    expect(named(en.body.data)).toContainEqual(['100 SMS', 'Alarm texts']);
  });

  it('lists call packages, value-added services by path and plans by type', async () => {
    const watch = await owners.owned('Y3', 'watch');
    const tel = await product(server, {
      kind: 'tel',
      effect: 'callMinutes',
      model: 'Y3',
      quota: 60,
    });
    const renewal = await product(server, {
      kind: 'service',
      path: 'renewal',
      effect: 'servicePeriod',
      model: 'Y3',
      quota: null,
      durationDays: 365,
    });
    const record = await product(server, {
      kind: 'service',
      path: 'record',
      effect: 'servicePeriod',
      model: 'Y3',
    });
    const trial = await product(server, {
      kind: 'vip',
      path: 'activation',
      effect: 'servicePeriod',
      model: 'Y3',
      isTrial: 1,
      priceFen: 0,
      durationDays: 7,
    });
    const yearPlan = await product(server, {
      kind: 'vip',
      path: 'renewal',
      effect: 'servicePeriod',
      model: 'Y3',
    });
    const id = watch.deviceId;
    expect(
      ids((await list(`/service-package/tel?terminalId=${id}`, watch.token)).body.data),
    ).toEqual([tel.id]);
    expect(
      ids((await list(`/service-package/renewal?terminalId=${id}`, watch.token)).body.data),
    ).toEqual([renewal.id]);
    expect(
      ids((await list(`/service-package/record?terminalId=${id}`, watch.token)).body.data),
    ).toEqual([record.id]);
    expect(
      ids((await list(`/service-package/history?terminalId=${id}`, watch.token)).body.data),
    ).toEqual([]);
    // The type defaults to the first activation.
    expect(
      ids((await list(`/terminal-vip/list/type?terminalId=${id}`, watch.token)).body.data),
    ).toEqual([trial.id]);
    expect(
      ids(
        (await list(`/terminal-vip/list/type?terminalId=${id}&type=renewal`, watch.token)).body
          .data,
      ),
    ).toEqual([yearPlan.id]);
  });

  it('shows a trial the device has had as unavailable', async () => {
    const watch = await owners.owned('Q50', 'watch');
    const trial = await product(server, {
      kind: 'vip',
      path: 'activation',
      effect: 'servicePeriod',
      model: 'Q50',
      isTrial: 1,
      priceFen: 0,
    });
    const path = `/terminal-vip/list/type?terminalId=${watch.deviceId}`;
    const before = await list(path, watch.token);
    expect(before.body.data.find((p) => p.id === trial.id)).toMatchObject({
      isTrial: true,
      available: true,
    });
    await paidTrialOrder(server, watch.userId, watch.deviceId, trial.id);
    const after = await list(path, watch.token);
    expect(after.body.data.find((p) => p.id === trial.id)).toMatchObject({
      isTrial: true,
      available: false,
    });
  });

  it('sells no plan or value-added service to a model without them', async () => {
    const phone = await owners.owned('Traccar Client', 'osmand');
    await product(server, { kind: 'vip', path: 'activation', effect: 'servicePeriod' });
    await product(server, { kind: 'service', path: 'renewal', effect: 'servicePeriod' });
    const id = phone.deviceId;
    expect((await list(`/terminal-vip/list/type?terminalId=${id}`, phone.token)).body.data).toEqual(
      [],
    );
    expect(
      (await list(`/service-package/renewal?terminalId=${id}`, phone.token)).body.data,
    ).toEqual([]);
  });

  it('answers another account as if the card or the device did not exist', async () => {
    const car = await owners.owned();
    const token = await owners.stranger();
    const sim = await list(`/service-package/simcard?iccid=${car.iccid}`, token);
    expect(sim.body.code).toBe(Codes.SIM_NOT_FOUND.code);
    const unknown = await list(`/service-package/simcard?iccid=${owners.nextIccid()}`, car.token);
    expect(unknown.body.code).toBe(Codes.SIM_NOT_FOUND.code);
    for (const path of [
      `/service-package/tel?terminalId=${car.deviceId}`,
      `/service-package/renewal?terminalId=${car.deviceId}`,
      `/terminal-vip/list/type?terminalId=${car.deviceId}`,
    ]) {
      const { status, body } = await list(path, token);
      expect([path, body.code]).toEqual([path, Codes.DEVICE_UNBOUND.code]);
      expect(status).toBe(Codes.DEVICE_UNBOUND.http);
    }
  });

  it('refuses an ICCID that is not one, a path or plan type it does not know', async () => {
    const car = await owners.owned();
    const bad = await list('/service-package/simcard?iccid=12345', car.token, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1000, message: 'Please enter a valid ICCID (iccid)' });
    const zh = await list('/service-package/simcard?iccid=8986', car.token, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 1000, message: '请输入正确的 ICCID (iccid)' });
    const path = await list(`/service-package/flowers?terminalId=${car.deviceId}`, car.token, 'en');
    expect(path.body).toMatchObject({ code: 1000, message: 'No such value-added service (path)' });
    const type = await list(
      `/terminal-vip/list/type?terminalId=${car.deviceId}&type=gold`,
      car.token,
      'en',
    );
    expect(type.body).toMatchObject({ code: 1000, message: 'No such plan type (type)' });
  });

  describe('productFor, the price of an order', () => {
    const productFor = async (userId: number, deviceId: number, productId: number) => {
      const device = await server.services.deviceAccess.require(userId, deviceId);
      return server.services.catalogue.productFor(device, productId);
    };
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => (error instanceof AppError ? error.codeName : String(error)),
      );

    it('answers the product as the catalogue prices it now', async () => {
      const car = await owners.owned('JM-VL03', 'gt06');
      const data = await product(server, { model: 'JM-VL03', priceFen: 2500 });
      await server.repositories.products.reprice(data.id, 1990, 2500, server.clock.now());
      expect(await productFor(car.userId, car.deviceId, data.id)).toMatchObject({
        id: data.id,
        priceFen: 1990,
        originalPriceFen: 2500,
      });
    });

    it('refuses a product that does not exist or is off sale', async () => {
      const car = await owners.owned();
      const retired = await product(server);
      await server.repositories.products.retire(retired.id, server.clock.now());
      expect(await refusal(productFor(car.userId, car.deviceId, 999_999))).toBe(
        'PRODUCT_NOT_FOUND',
      );
      expect(await refusal(productFor(car.userId, car.deviceId, retired.id))).toBe(
        'PRODUCT_NOT_FOUND',
      );
    });

    it('refuses a product of another model or category, or a feature the model lacks', async () => {
      const car = await owners.owned('GT06N', 'gt06');
      const phone = await owners.owned('Traccar Client', 'osmand');
      const watchData = await product(server, { model: 'D9' });
      const petData = await product(server, { category: 'pet' });
      const plan = await product(server, { kind: 'vip', path: 'renewal', effect: 'servicePeriod' });
      const service = await product(server, {
        kind: 'service',
        path: 'record',
        effect: 'servicePeriod',
      });
      expect(await refusal(productFor(car.userId, car.deviceId, watchData.id))).toBe(
        'PRODUCT_NOT_FOR_DEVICE',
      );
      expect(await refusal(productFor(car.userId, car.deviceId, petData.id))).toBe(
        'PRODUCT_NOT_FOR_DEVICE',
      );
      expect(await refusal(productFor(phone.userId, phone.deviceId, plan.id))).toBe(
        'PRODUCT_NOT_FOR_DEVICE',
      );
      expect(await refusal(productFor(phone.userId, phone.deviceId, service.id))).toBe(
        'PRODUCT_NOT_FOR_DEVICE',
      );
      expect(await refusal(productFor(car.userId, car.deviceId, plan.id))).toBe('accepted');
    });

    it('refuses a trial the device has had, whichever trial it was', async () => {
      const watch = await owners.owned('D9', 'watch');
      const trial = await product(server, {
        kind: 'vip',
        path: 'activation',
        effect: 'servicePeriod',
        isTrial: 1,
        priceFen: 0,
      });
      const otherTrial = await product(server, {
        kind: 'vip',
        path: 'activation',
        effect: 'servicePeriod',
        isTrial: 1,
        priceFen: 0,
      });
      expect(await refusal(productFor(watch.userId, watch.deviceId, trial.id))).toBe('accepted');
      await paidTrialOrder(server, watch.userId, watch.deviceId, trial.id);
      expect(await refusal(productFor(watch.userId, watch.deviceId, otherTrial.id))).toBe(
        'TRIAL_USED',
      );
    });
  });
});
