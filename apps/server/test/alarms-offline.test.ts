import { afterAll, describe, expect, it, vi } from 'vitest';
import { LATE_OFFLINE_ALARM_MS } from '../src/alarms/offline-watch.js';
import type { DeviceStatus } from '../src/db/schema.js';
import { testDialects } from './support/databases.js';
import { restartTestServer, startTestServer, type TestServer } from './support/test-server.js';

const MINUTE = 60_000;
/** OFFLINE_ALARM_MIN's default. */
const OFFLINE_AFTER_MS = 10 * MINUTE;
/** Due after the restart (which takes a second or two), within the test. */
const DUE_SOON_MS = 6000;

describe.each(testDialects())('the offline alarm across a restart on %s', (dialect) => {
  let server: TestServer;
  afterAll(() => server.close());

  it('watches the devices offline before a restart: due ones at once, stale ones never, none twice', async () => {
    server = await startTestServer(dialect);
    const { db } = server.database.handle;
    let terminal = 0;
    const device = async () =>
      (
        await server.repositories.devices.create({
          terminalNo: `66${String(++terminal).padStart(10, '0')}`,
          passwordHash: 'x',
          protocol: 'jt808',
          createdAt: Date.now(),
        })
      ).id;
    /** The state the gateway stored: `status` since `since`, last heard from just before. */
    const stored = async (deviceId: number, status: DeviceStatus, since: number) =>
      db
        .insertInto('deviceStates')
        .values({ deviceId, status, updatedAt: since, lastAlive: since - 1000 })
        .onConflict((oc) =>
          oc.column('deviceId').doUpdateSet({ status, updatedAt: since, lastAlive: since - 1000 }),
        )
        .execute();
    const offlineAlarms = async (deviceId: number) =>
      (
        await db
          .selectFrom('alarmLogs')
          .select('alarmTime')
          .where('deviceId', '=', deviceId)
          .where('alarmType', '=', 'offline')
          .execute()
      ).map((row) => Number(row.alarmTime));

    const now = Date.now();
    const overdue = await device();
    const overdueSince = now - 30 * MINUTE;
    await stored(overdue, 'offline', overdueSince);
    const soon = await device();
    const soonSince = now - OFFLINE_AFTER_MS + DUE_SOON_MS;
    await stored(soon, 'offline', soonSince);
    const stale = await device();
    await stored(stale, 'offline', now - OFFLINE_AFTER_MS - LATE_OFFLINE_ALARM_MS - MINUTE);
    const alarmed = await device();
    const alarmedSince = now - 30 * MINUTE;
    await stored(alarmed, 'offline', alarmedSince);
    await db
      .insertInto('alarmLogs')
      .values({
        deviceId: alarmed,
        alarmType: 'offline',
        alarmTime: alarmedSince + OFFLINE_AFTER_MS,
        createdAt: alarmedSince + OFFLINE_AFTER_MS,
      })
      .execute();
    const wasOnline = await device();
    await stored(wasOnline, 'online', now - 5000);
    const comesBack = await device();
    await stored(comesBack, 'offline', soonSince);
    // Went offline a minute before the restart, as the gateway tells it: watched in memory.
    const justGone = await device();
    const justGoneSince = now - OFFLINE_AFTER_MS + MINUTE;
    await stored(justGone, 'offline', justGoneSince);
    server.events.publish({
      type: 'status',
      deviceId: justGone,
      status: 'offline',
      at: justGoneSince,
    });
    expect(server.services.alarmEngine.offline.dueAt(justGone)).toBe(now + MINUTE);

    const restartedAt = Date.now();
    server = await restartTestServer(server);
    const engine = server.services.alarmEngine;
    await engine.idle();
    expect(engine.offline.dueAt(justGone)).toBe(now + MINUTE);
    expect(engine.offline.dueAt(soon)).toBe(soonSince + OFFLINE_AFTER_MS);
    expect(engine.offline.dueAt(stale)).toBeUndefined();
    expect(engine.offline.dueAt(alarmed)).toBeUndefined();
    // Online when the server stopped: offline from the restart on, not from before it.
    expect(engine.offline.dueAt(wasOnline)).toBeGreaterThanOrEqual(restartedAt + OFFLINE_AFTER_MS);
    expect(engine.offline.dueAt(wasOnline)).toBeLessThanOrEqual(Date.now() + OFFLINE_AFTER_MS);
    // Heard from through another process before its alarm was due.
    expect(engine.offline.dueAt(comesBack)).toBe(soonSince + OFFLINE_AFTER_MS);
    await stored(comesBack, 'online', Date.now());

    await vi.waitFor(async () => expect(await offlineAlarms(overdue)).toHaveLength(1));
    expect(await offlineAlarms(overdue)).toEqual([overdueSince + OFFLINE_AFTER_MS]);
    await vi.waitFor(async () => expect(await offlineAlarms(soon)).toHaveLength(1), {
      timeout: DUE_SOON_MS + 5000,
      interval: 200,
    });
    expect(await offlineAlarms(soon)).toEqual([soonSince + OFFLINE_AFTER_MS]);
    await engine.idle();
    expect(await offlineAlarms(comesBack)).toEqual([]);
    expect(await offlineAlarms(stale)).toEqual([]);
    expect(await offlineAlarms(alarmed)).toEqual([alarmedSince + OFFLINE_AFTER_MS]);
    expect(await offlineAlarms(wasOnline)).toEqual([]);
  });
});
