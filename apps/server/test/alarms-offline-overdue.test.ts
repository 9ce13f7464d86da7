import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATE_OFFLINE_ALARM_MS } from '../src/alarms/offline-watch.js';
import type { DeviceStatus } from '../src/db/schema.js';
import { OVERDUE_OFFLINE_GRACE_MS } from '../src/jobs/periodic-work.js';
import { testDialects } from './support/databases.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const MINUTE = 60_000;
/** OFFLINE_ALARM_MIN's default. */
const OFFLINE_AFTER_MS = 10 * MINUTE;

/**
 * A cluster's periodic task (its gateways do not watch the devices offline before their start):
 * offline alarms overdue by more than the grace are raised once, the others left to their
 * gateway's timer.
 */
describe.each(testDialects())('overdue offline alarms on %s', (dialect) => {
  let server: TestServer;
  let terminal = 0;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    // What a start watches again is done before these devices are stored.
    await server.services.alarmEngine.idle();
  });
  afterAll(() => server.close());

  const device = async () =>
    (
      await server.repositories.devices.create({
        terminalNo: `67${String(++terminal).padStart(10, '0')}`,
        passwordHash: 'x',
        protocol: 'jt808',
        createdAt: Date.now(),
      })
    ).id;
  const stored = async (status: DeviceStatus, since: number) => {
    const deviceId = await device();
    await server.database.handle.db
      .insertInto('deviceStates')
      .values({ deviceId, status, updatedAt: since, lastAlive: since - 1000 })
      .execute();
    return deviceId;
  };
  const offlineAlarms = async (deviceId: number) =>
    (
      await server.database.handle.db
        .selectFrom('alarmLogs')
        .select('alarmTime')
        .where('deviceId', '=', deviceId)
        .where('alarmType', '=', 'offline')
        .execute()
    ).map((row) => Number(row.alarmTime));

  it('raises the overdue ones once, and leaves the rest to the timers', async () => {
    const engine = server.services.alarmEngine;
    const now = Date.now();
    const overdueSince = now - 30 * MINUTE;
    const overdue = await stored('offline', overdueSince);
    const withinGrace = await stored(
      'offline',
      now - OFFLINE_AFTER_MS - OVERDUE_OFFLINE_GRACE_MS / 2,
    );
    const notDue = await stored('offline', now - MINUTE);
    const stale = await stored('offline', now - OFFLINE_AFTER_MS - LATE_OFFLINE_ALARM_MS - MINUTE);
    const online = await stored('online', now - 30 * MINUTE);

    await engine.raiseOverdueOffline(OVERDUE_OFFLINE_GRACE_MS);
    await engine.raiseOverdueOffline(OVERDUE_OFFLINE_GRACE_MS);

    expect(await offlineAlarms(overdue)).toEqual([overdueSince + OFFLINE_AFTER_MS]);
    for (const deviceId of [withinGrace, notDue, stale, online])
      expect(await offlineAlarms(deviceId)).toEqual([]);
    // None of them is watched by this process's timers because of it.
    for (const deviceId of [overdue, withinGrace, notDue])
      expect(engine.offline.dueAt(deviceId)).toBeUndefined();
  });

  it('does not raise one its gateway watches (its timer raises it)', async () => {
    const engine = server.services.alarmEngine;
    const since = Date.now() - OFFLINE_AFTER_MS - 2 * OVERDUE_OFFLINE_GRACE_MS;
    const watched = await stored('offline', since);
    // As the gateway's timer would be, still running when the task comes (a late alarm).
    engine.offline.wentOffline(watched, Date.now());
    await engine.raiseOverdueOffline(OVERDUE_OFFLINE_GRACE_MS);
    expect(await offlineAlarms(watched)).toEqual([]);
    engine.offline.back(watched);
  });
});
