import type { NewProduct } from '../../src/repositories/product.repository.js';
import type { NewSimCard } from '../../src/repositories/sim-card.repository.js';
import { phoneNumbers, registerUser, type TestServer } from './test-server.js';

export const DAY = 86_400_000;

/** For one suite: phone accounts, each owning a new device of a model with a SIM card number. */
export function cardOwners(server: () => TestServer, phonePrefix: string, iccidPrefix: string) {
  const nextPhone = phoneNumbers(phonePrefix);
  let next = 0;
  const nextIccid = () => `89860${iccidPrefix}${String(++next).padStart(12, '0')}`;

  /** A device of the model, with an ICCID, bound to its owner; a second account sees nothing. */
  async function owned(model = 'GT06N', protocol = 'gt06') {
    const iccid = nextIccid();
    const device = await server().repositories.devices.create({
      terminalNo: `${iccidPrefix}${String(next).padStart(11, '0')}`,
      passwordHash: 'unused',
      protocol,
      model,
      iccid,
      createdAt: server().clock.now(),
    });
    const { token, user } = await registerUser(server(), nextPhone());
    await server().repositories.devices.bind(user.userId, device.id, true, 'active', 0);
    return { token, userId: user.userId, deviceId: device.id, iccid };
  }

  /** Another account, bound to nothing. */
  const stranger = async () => (await registerUser(server(), nextPhone())).token;

  return { owned, stranger, nextIccid };
}

/** A product on sale for every device unless told otherwise. */
export function product(server: TestServer, fields: Partial<NewProduct> = {}) {
  return server.repositories.products.create(
    {
      kind: 'data',
      path: null,
      effect: 'simData',
      nameZh: '流量包 1GB',
      nameEn: 'Data 1 GB',
      priceFen: 990,
      quota: 1024,
      durationDays: 30,
      ...fields,
    },
    server.clock.now(),
  );
}

/** A card of this database: 1 GB, 200 MB used, a year left unless told otherwise. */
export async function simCard(server: TestServer, iccid: string, fields: Partial<NewSimCard> = {}) {
  const now = server.clock.now();
  await server.repositories.simCards.importAll([
    {
      iccid,
      msisdn: '1440000000001',
      operator: 'cmcc',
      planName: '1GB/月',
      state: 'activated',
      usedDataKb: 200 * 1024,
      totalDataKb: 1024 * 1024,
      usedSms: 3,
      totalSms: 100,
      activationTime: now - 30 * DAY,
      serviceExpiry: now + 365 * DAY,
      cardSn: 'SN0001',
      usageUpdatedAt: now - 3_600_000,
      createdAt: now,
      ...fields,
    },
  ]);
}

/** A paid order of a trial for the device, as the order flow leaves it. */
export async function paidTrialOrder(
  server: TestServer,
  userId: number,
  deviceId: number,
  productId: number,
) {
  const now = server.clock.now();
  await server.database.handle.db
    .insertInto('orders')
    .values({
      orderNo: `T${deviceId}${now}`,
      userId,
      deviceId,
      productId,
      productNameZh: '试用',
      productNameEn: 'Trial',
      kind: 'vip',
      effect: 'servicePeriod',
      durationDays: 7,
      isTrial: 1,
      amountFen: 0,
      provider: 'development',
      merchantId: 'dev',
      clientType: 'h5',
      status: 1,
      createdAt: now,
      payTime: now,
      closeAt: now,
    })
    .execute();
}
