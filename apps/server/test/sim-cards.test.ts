import { Codes, type SimCardAlarm, type SimCardInfo } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './support/databases.js';
import { cardOwners, DAY, simCard } from './support/sim-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const MB = 1024;

/** §7 SIM information and the card's alarm, read through the device carrying the card. */
describe.each(testDialects())('SIM cards on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const owners = cardOwners(() => server, '135', '02');
  const info = (iccid: string, token: string) =>
    server.call<SimCardInfo>('GET', `/simcard/card-info/${iccid}`, { token });
  const alarm = (iccid: string, token: string) =>
    server.call<SimCardAlarm>('GET', `/simcard/get-card-alarm/${iccid}`, { token });

  /** A card with these terms, in a device of a new owner; answers its alarm. */
  async function alarmOf(fields: Parameters<typeof simCard>[2]) {
    const car = await owners.owned();
    await simCard(server, car.iccid, fields);
    const { body } = await alarm(car.iccid, car.token);
    expect(body.code).toBe(0);
    return body.data;
  }

  it('tells the owner the state, usage, dates and when the usage was read', async () => {
    const car = await owners.owned();
    const now = server.clock.now();
    await simCard(server, car.iccid, {
      activationTime: now - 30 * DAY,
      serviceExpiry: now + 200 * DAY,
      usageUpdatedAt: now - 7_200_000,
    });
    const { body } = await info(car.iccid, car.token);
    expect(body).toMatchObject({ code: 0 });
    expect(body.data).toEqual({
      iccid: car.iccid,
      msisdn: '1440000000001',
      operator: 'cmcc',
      planName: '1GB/月',
      state: 'activated',
      usedDataKb: 200 * MB,
      totalDataKb: 1024 * MB,
      usedSms: 3,
      totalSms: 100,
      activationTime: now - 30 * DAY,
      serviceExpiry: now + 200 * DAY,
      cardSn: 'SN0001',
      updatedAt: now - 7_200_000,
      terminalId: car.deviceId,
    });
  });

  it('takes a lower-case ICCID for the same card', async () => {
    const car = await owners.owned();
    const iccid = `${car.iccid}F`;
    await server.repositories.simCards.attach(car.deviceId, iccid);
    await simCard(server, iccid);
    const { body } = await info(iccid.toLowerCase(), car.token);
    expect(body.data.iccid).toBe(iccid);
  });

  it('says expired once the service has ended, whatever the operator state', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid, { serviceExpiry: server.clock.now() + DAY });
    expect((await info(car.iccid, car.token)).body.data.state).toBe('activated');
    server.clock.advance(DAY);
    try {
      expect((await info(car.iccid, car.token)).body.data.state).toBe('expired');
      expect(await alarm(car.iccid, car.token)).toMatchObject({
        body: { data: { kinds: ['expired'], daysLeft: -1 } },
      });
    } finally {
      server.clock.advance(-DAY);
    }
  });

  it('raises no alarm for a card with data and time left', async () => {
    expect(await alarmOf({})).toMatchObject({
      kinds: [],
      remainingDataKb: 824 * MB,
      daysLeft: 365,
    });
  });

  it('warns of low data under a tenth left, and of no data left', async () => {
    const low = await alarmOf({ usedDataKb: 1000 * MB });
    expect(low).toMatchObject({ kinds: ['lowData'], remainingDataKb: 24 * MB });
    const enough = await alarmOf({ usedDataKb: 900 * MB });
    expect(enough.kinds).toEqual([]);
    const none = await alarmOf({ usedDataKb: 1100 * MB });
    expect(none).toMatchObject({ kinds: ['dataExhausted'], remainingDataKb: 0 });
  });

  it('warns of the service ending within 15 days, and once it has ended', async () => {
    const now = server.clock.now();
    const soon = await alarmOf({ serviceExpiry: now + 10 * DAY - 3_600_000 });
    expect(soon).toMatchObject({ kinds: ['expiringSoon'], daysLeft: 10 });
    const later = await alarmOf({ serviceExpiry: now + 16 * DAY });
    expect(later.kinds).toEqual([]);
    const ended = await alarmOf({ serviceExpiry: now - 3 * DAY + 3_600_000 });
    expect(ended).toMatchObject({ kinds: ['expired'], daysLeft: -3 });
  });

  it('warns of a card the operator stopped, with its other alarms', async () => {
    const stopped = await alarmOf({ state: 'deactivated', usedDataKb: 1024 * MB });
    expect(stopped.kinds).toEqual(['deactivated', 'dataExhausted']);
  });

  it('answers another account, an unknown card and a card in no device alike', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const stranger = await owners.stranger();
    const loose = owners.nextIccid();
    await simCard(server, loose);
    for (const [iccid, token] of [
      [car.iccid, stranger],
      [owners.nextIccid(), car.token],
      [loose, car.token],
    ] as const) {
      for (const answer of [await info(iccid, token), await alarm(iccid, token)]) {
        expect(answer.status).toBe(Codes.SIM_NOT_FOUND.http);
        expect(answer.body.code).toBe(Codes.SIM_NOT_FOUND.code);
      }
    }
  });

  it('answers a card in a device without a card row as not found to its owner', async () => {
    const car = await owners.owned();
    expect((await info(car.iccid, car.token)).body.code).toBe(Codes.SIM_NOT_FOUND.code);
  });

  it('refuses an ICCID that is not one with the §5 message', async () => {
    const car = await owners.owned();
    for (const bad of ['12345678901234567890', '8986', '89860012345678901234567']) {
      const answer = await server.call('GET', `/simcard/card-info/${bad}`, {
        token: car.token,
        language: 'en',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: Codes.VALIDATION.code,
        message: 'Please enter a valid ICCID (iccid)',
        data: { field: 'iccid' },
      });
    }
  });

  it('hands a paid top-up of a local card over once, with a reference', async () => {
    const car = await owners.owned();
    await simCard(server, car.iccid);
    const now = server.clock.now();
    const db = server.database.handle.db;
    const orderId = 900_000 + car.deviceId;
    await db
      .insertInto('simTopups')
      .values({
        iccid: car.iccid,
        orderId,
        effect: 'simData',
        quota: 1024,
        operatorState: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await server.services.simTopups.deliver(orderId);
    const row = await server.repositories.simCards.topupOfOrder(orderId);
    expect(row).toMatchObject({ operatorState: 'sent', operatorRef: `local-${row!.id}` });
    expect(await server.repositories.simCards.undelivered()).toEqual([]);
  });
});
