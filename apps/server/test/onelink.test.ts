import { DEFAULT_TIME_ZONE, localDateTime, type SimCardInfo } from '@xunji/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimSyncJob } from '../src/commerce/sim-sync-job.js';
import { nextDailyAt } from '../src/jobs/daily-time.js';
import { TimerSchedule } from '../src/jobs/timer-schedule.js';
import { OnelinkError } from '../src/providers/sim/onelink/onelink-api.js';
import { OnelinkSimProvider } from '../src/providers/sim/onelink/onelink-sim-provider.js';
import { testDialects } from './support/databases.js';
import { startOnelinkStandIn, type OnelinkStandIn } from './support/onelink-stand-in.js';
import { cardOwners, simCard } from './support/sim-fixtures.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';

const APP_ID = 'C5010531000000';
const PASSWORD = 'onelink-secret';
const ICCID = '898604A1192170000001';
const HOUR = 3_600_000;

/** China Mobile OneLink's EC API through the adapter, against a stand-in that checks tokens. */
describe('the OneLink adapter', () => {
  let standIn: OnelinkStandIn;
  let clock: TestClock;
  let provider: OnelinkSimProvider;

  beforeAll(async () => {
    standIn = await startOnelinkStandIn(APP_ID, PASSWORD);
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    standIn.requests.length = 0;
  });

  const adapter = (password = PASSWORD) => {
    clock = new TestClock();
    provider = new OnelinkSimProvider({ apiUrl: standIn.apiUrl, appId: APP_ID, password }, clock);
    return provider;
  };

  it('maps the month usage to KB, the SMS count and the card status', async () => {
    standIn.cards.set(ICCID, { dataAmount: '1536.6', smsAmount: '12', cardStatus: '2' });
    expect(await adapter().usage(ICCID)).toEqual({
      usedDataKb: 1537,
      usedSms: 12,
      state: 'activated',
    });
    standIn.cards.set(ICCID, { dataAmount: '0', smsAmount: '0', cardStatus: '4' });
    expect(await provider.usage(ICCID)).toMatchObject({ usedDataKb: 0, state: 'deactivated' });
    standIn.cards.set(ICCID, { dataAmount: '0', smsAmount: '0', cardStatus: '1' });
    expect((await provider.usage(ICCID))?.state).toBe('canActivate');
  });

  it('sends the documented parameters: appid, password, token, a transid of Beijing time', async () => {
    standIn.cards.set(ICCID, { dataAmount: '10', smsAmount: '1', cardStatus: '2' });
    await adapter().usage(ICCID);
    const [token, ...calls] = standIn.requests;
    expect(token).toMatchObject({
      path: 'get/token',
      query: { appid: APP_ID, password: PASSWORD },
    });
    expect(calls.map((call) => call.path).sort()).toEqual([
      'query/sim-data-usage',
      'query/sim-sms-usage',
      'query/sim-status',
    ]);
    const stamp = localDateTime(clock.now(), 'Asia/Shanghai').replace(/\D/g, '').slice(0, 12);
    for (const { query } of standIn.requests) {
      expect(query['transid']).toMatch(new RegExp(`^${APP_ID}${stamp}\\d{2}\\d{8}$`));
    }
    for (const { query } of calls) expect(query).toMatchObject({ iccid: ICCID });
  });

  it('reuses its token until the token expires, then asks for a new one', async () => {
    standIn.cards.set(ICCID, { dataAmount: '10', smsAmount: '1', cardStatus: '2' });
    await adapter().usage(ICCID);
    await provider.usage(ICCID);
    expect(standIn.calls('get/token')).toHaveLength(1);
    const first = standIn.calls('query/sim-status')[0]!.query['token'];
    expect(standIn.calls('query/sim-status')[1]!.query['token']).toBe(first);
    clock.advance(HOUR);
    await provider.usage(ICCID);
    expect(standIn.calls('get/token')).toHaveLength(2);
    expect(standIn.calls('query/sim-status')[2]!.query['token']).not.toBe(first);
  });

  it('replaces a token the platform refuses, once', async () => {
    standIn.cards.set(ICCID, { dataAmount: '10', smsAmount: '1', cardStatus: '2' });
    await adapter().usage(ICCID);
    standIn.revokeTokens();
    expect(await provider.usage(ICCID)).toMatchObject({ usedDataKb: 10 });
    expect(standIn.calls('get/token')).toHaveLength(2);
  });

  it('fails without a token when the password is wrong', async () => {
    const error = await adapter('wrong')
      .usage(ICCID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnelinkError);
    expect((error as OnelinkError).status).toBe('12002');
    expect(standIn.requests.map((request) => request.path)).toEqual(['get/token']);
  });

  it('resumes a stopped card when a top-up extends its service, and only then', async () => {
    standIn.cards.set(ICCID, { dataAmount: '10', smsAmount: '1', cardStatus: '4' });
    const topup = { id: 1, iccid: ICCID, orderId: 1, effect: 'simData', quota: 1024 };
    const data = await adapter().applyTopup({ ...topup, durationDays: null });
    expect(standIn.calls('change/sim-status')).toEqual([]);
    expect(data.ref).toBe(standIn.calls('query/sim-status')[0]!.query['transid']);
    const renewal = await provider.applyTopup({ ...topup, durationDays: 30 });
    const [change] = standIn.calls('change/sim-status');
    expect(change?.query).toMatchObject({ iccid: ICCID, operType: '1' });
    expect(renewal.ref).toBe(change?.query['transid']);
    expect(standIn.cards.get(ICCID)?.cardStatus).toBe('2');
  });
});

describe('the nightly SIM sync', () => {
  it('runs at the next SIM_SYNC_HOUR in China', () => {
    const nextSyncAt = (now: number, hour: number) => nextDailyAt(now, hour, DEFAULT_TIME_ZONE);
    const afternoon = Date.parse('2026-11-26T05:00:00Z'); // 13:00 in Beijing
    expect(new Date(nextSyncAt(afternoon, 3)).toISOString()).toBe('2026-11-26T19:00:00.000Z');
    expect(new Date(nextSyncAt(afternoon, 14)).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    const atTheHour = Date.parse('2026-11-26T19:00:00Z');
    expect(new Date(nextSyncAt(atTheHour, 3)).toISOString()).toBe('2026-11-27T19:00:00.000Z');
  });
});

describe.each(testDialects())('OneLink cards synced on %s', (dialect) => {
  let standIn: OnelinkStandIn;
  let server: TestServer;
  beforeAll(async () => {
    standIn = await startOnelinkStandIn(APP_ID, PASSWORD);
    server = await startTestServer(dialect, {
      SIM_PROVIDER: 'onelink',
      ONELINK_API_URL: standIn.apiUrl,
      ONELINK_APP_ID: APP_ID,
      ONELINK_PASSWORD: PASSWORD,
    });
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });
  const owners = cardOwners(() => server, '134', '03');

  it('refreshes the usage and state of the operator cards, leaves local ones, retries top-ups', async () => {
    const synced = await owners.owned();
    const local = await owners.owned();
    const unknown = await owners.owned();
    await simCard(server, synced.iccid, { source: 'onelink', usageUpdatedAt: null });
    await simCard(server, local.iccid, { usedDataKb: 5 });
    await simCard(server, unknown.iccid, { source: 'onelink' });
    standIn.cards.set(synced.iccid, { dataAmount: '204800.4', smsAmount: '7', cardStatus: '4' });
    const now = server.clock.now();
    await server.database.handle.db
      .insertInto('simTopups')
      .values({
        iccid: synced.iccid,
        orderId: 77,
        effect: 'simData',
        quota: 1024,
        durationDays: 30,
        operatorState: 'failed',
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    expect(await server.services.simSync.runNow()).toEqual({ refreshed: 1, failed: 1, skipped: 0 });

    const { body } = await server.call<SimCardInfo>('GET', `/simcard/card-info/${synced.iccid}`, {
      token: synced.token,
    });
    expect(body.data).toMatchObject({ usedDataKb: 204800, usedSms: 7, state: 'deactivated' });
    expect(body.data.updatedAt).toBeGreaterThanOrEqual(now);
    const kept = await server.call<SimCardInfo>('GET', `/simcard/card-info/${local.iccid}`, {
      token: local.token,
    });
    expect(kept.body.data).toMatchObject({ usedDataKb: 5 });
    expect(await server.repositories.simCards.topupOfOrder(77)).toMatchObject({
      operatorState: 'sent',
    });
    expect(standIn.cards.get(synced.iccid)?.cardStatus).toBe('2');
  });

  it('stops cleanly on its schedule, and runs after', async () => {
    const job = new SimSyncJob(
      server.repositories.simCards,
      new Map(),
      server.services.simTopups,
      3,
      server.clock,
      server.app.log,
    );
    const schedule = new TimerSchedule(server.clock, (_, error) => {
      throw error;
    });
    schedule.every('sim-sync', { dailyAtHour: job.hour, timeZone: DEFAULT_TIME_ZONE }, () =>
      job.runNow(),
    );
    await schedule.start();
    await schedule.stop();
    expect(await job.runNow()).toEqual({ refreshed: 0, failed: 0, skipped: 2 });
  });
});
