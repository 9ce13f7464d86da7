import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_APPLICATION_ID, PHONE_REPEAT_MS, UserType } from '@xunji/shared';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlarmChannels, ChannelName } from '../src/alarms/alarm-channels.js';
import { NotificationDelivery } from '../src/alarms/notification-delivery.js';
import { systemClock } from '../src/clock.js';
import { createRepositories, type Repositories } from '../src/context.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { DeliveryQueue } from '../src/jobs/delivery-queue.js';
import { registerJobQueueDepths } from '../src/metrics/job-queue-metrics.js';
import { delivered, type DeliveryOutcome } from '../src/providers/delivery-outcome.js';
import { ensureDefaultApplication } from '../src/seed.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { dropQueues, testQueues } from './support/job-queues.js';
import { savePushClient } from './support/push-clients.js';

/** The Redis database of this file's tests, flushed by one of them (others use database 0). */
const FLUSHED_DB = 13;

/**
 * Channels that take `sendMs` per send and note each one (a push as its browser and the alarm
 * of the message); `failFirst` sends to a recipient fail (retryably) before one succeeds.
 */
function notedChannels({ sendMs = 0, failFirst = 0 } = {}) {
  const sent: string[] = [];
  const tries = new Map<string, number>();
  async function send(channel: ChannelName, recipient: string, what: string) {
    await sleep(sendMs);
    const tried = (tries.get(recipient) ?? 0) + 1;
    tries.set(recipient, tried);
    if (tried <= failFirst)
      return { ok: false, retryable: true, reason: 'the provider is busy' } as DeliveryOutcome;
    sent.push(`${channel}:${recipient}:${what}`);
    return delivered();
  }
  const channels: AlarmChannels = {
    push: (client, message) => send('push', client.id, String(message.alarmId)),
    sms: (phoneNumber) => send('sms', phoneNumber, ''),
    tel: (phoneNumber) => send('tel', phoneNumber, ''),
    wechat: (openId) => send('wechat', openId, ''),
  };
  return { channels, sent };
}

const rules = {
  maxAttempts: 3,
  backoffMs: 300,
  leaseMs: 60_000,
  pollMs: 5000,
  phoneRepeatMs: PHONE_REPEAT_MS,
  appUrl: '',
};

describe.each(testDialects())('alarm deliveries as BullMQ jobs on %s', (dialect) => {
  let database: TestDatabase;
  /** A second connection to the same database: another process's. */
  let otherHandle: DatabaseHandle;
  let repositories: Repositories;
  let otherRepositories: Repositories;
  let deviceId: number;
  let userId: number;
  let settings = testQueues();
  const open: DeliveryQueue[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { DATA_DIR, DATABASE_URL } = database.env;
    otherHandle = openDatabase({
      dataDir: DATA_DIR,
      ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
    });
    repositories = createRepositories(database.handle);
    otherRepositories = createRepositories(otherHandle);
    await ensureDefaultApplication(repositories);
    userId = (
      await repositories.users.create({
        applicationId: DEFAULT_APPLICATION_ID,
        username: 'watcher',
        userType: UserType.PERSONAL,
      })
    ).id;
    deviceId = (
      await repositories.devices.create({
        terminalNo: '770000000001',
        passwordHash: 'x',
        protocol: 'jt808',
        createdAt: Date.now(),
      })
    ).id;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((queue) => queue.close()));
    await dropQueues(settings);
    settings = testQueues();
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await otherHandle.db.destroy();
    await database.drop();
  });

  /** A "process": its own database connection, delivery and queue connections. */
  function process(channels: AlarmChannels, own = repositories, queues = settings): DeliveryQueue {
    const delivery = new NotificationDelivery(own, channels, rules, systemClock);
    const queue = new DeliveryQueue(own.notifications, delivery, queues, systemClock, (error) =>
      errors.push(error),
    );
    open.push(queue);
    return queue;
  }

  const pushClient = () => savePushClient(repositories, userId);

  /** An alarm with one job per channel and recipient; answers the alarm's id. */
  async function alarmWithJobs(jobs: [ChannelName, string][]): Promise<number> {
    const now = Date.now();
    const alarm = await repositories.alarmLogs.insert({
      deviceId,
      alarmType: 'sos',
      alarmTime: now,
      createdAt: now,
    });
    await repositories.notifications.enqueue(
      jobs.map(([channel, recipient]) => ({
        alarmId: alarm.id,
        channel,
        recipient,
        language: 'zh-CN',
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    return alarm.id;
  }

  const statuses = async (alarmId: number) =>
    (await repositories.notifications.ofAlarm(alarmId)).map((job) => job.status);

  it('pushes each alarm exactly once with two workers over one database', async () => {
    const browser = await pushClient();
    const alarms: number[] = [];
    for (let i = 0; i < 20; i++) alarms.push(await alarmWithJobs([['push', browser]]));
    const one = notedChannels({ sendMs: 20 });
    const two = notedChannels({ sendMs: 20 });
    const first = process(one.channels);
    const second = process(two.channels, otherRepositories);
    // Both queue what is due (as two processes raising alarms would), then both deliver.
    expect(await Promise.all([first.queueDue(), second.queueDue()])).toEqual([20, 20]);
    first.startWorker();
    second.startWorker();
    await vi.waitFor(async () => {
      for (const alarmId of alarms) expect(await statuses(alarmId)).toEqual(['sent']);
    });
    const sent = [...one.sent, ...two.sent];
    expect(sent.toSorted()).toEqual(alarms.map((id) => `push:${browser}:${id}`).toSorted());
    // Both took part.
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
  });

  it('sends a row once even when it is queued twice (Redis lost it while a worker had it)', async () => {
    const browser = await pushClient();
    const alarms: number[] = [];
    for (let i = 0; i < 10; i++) alarms.push(await alarmWithJobs([['push', browser]]));
    const one = notedChannels({ sendMs: 50 });
    const two = notedChannels({ sendMs: 50 });
    // Each its own queue: every row has a job in both, as after a loss and the walk again.
    const elsewhere = testQueues();
    const first = process(one.channels);
    const second = process(two.channels, otherRepositories, elsewhere);
    await Promise.all([first.queueDue(), second.queueDue()]);
    first.startWorker();
    second.startWorker();
    await vi.waitFor(async () => {
      for (const alarmId of alarms) expect(await statuses(alarmId)).toEqual(['sent']);
    });
    await sleep(200);
    const sent = [...one.sent, ...two.sent];
    expect(sent.toSorted()).toEqual(alarms.map((id) => `push:${browser}:${id}`).toSorted());
    await second.close();
    open.splice(open.indexOf(second), 1);
    await dropQueues(elsewhere);
  });

  it('texts a number once within 3 minutes, whichever worker takes each alarm', async () => {
    const number = '13900000001';
    const alarms: number[] = [];
    for (let i = 0; i < 4; i++) alarms.push(await alarmWithJobs([['sms', number]]));
    const one = notedChannels({ sendMs: 300 });
    const two = notedChannels({ sendMs: 300 });
    const first = process(one.channels);
    const second = process(two.channels, otherRepositories);
    await first.queueDue();
    first.startWorker();
    second.startWorker();
    await vi.waitFor(async () => {
      const all = (await Promise.all(alarms.map(statuses))).flat();
      expect(all.toSorted()).toEqual(['sent', 'throttled', 'throttled', 'throttled']);
    });
    expect([...one.sent, ...two.sent]).toEqual([`sms:${number}:`]);
  });

  it('retries a failed delivery after its backoff, recording each attempt', async () => {
    const browser = await pushClient();
    const alarmId = await alarmWithJobs([['push', browser]]);
    const { channels, sent } = notedChannels({ failFirst: 2 });
    const queue = process(channels);
    await queue.queueDue();
    queue.startWorker();
    await vi.waitFor(async () => expect(await statuses(alarmId)).toEqual(['sent']), {
      timeout: 5000,
    });
    expect(sent).toEqual([`push:${browser}:${alarmId}`]);
    const [job] = await repositories.notifications.ofAlarm(alarmId);
    const attempts = await repositories.notifications.attemptsOf(job!.id);
    expect(attempts.map((attempt) => attempt.ok)).toEqual([0, 0, 1]);
    // BullMQ's exponential backoff: 300 ms, then 600 ms.
    expect(Number(attempts[1]!.at) - Number(attempts[0]!.at)).toBeGreaterThanOrEqual(300);
    expect(Number(attempts[2]!.at) - Number(attempts[1]!.at)).toBeGreaterThanOrEqual(600);
  });

  it('queues a pending row again after Redis lost its data (FLUSHDB), and delivers it', async () => {
    settings = testQueues(FLUSHED_DB);
    const browser = await pushClient();
    const alarmId = await alarmWithJobs([['push', browser]]);
    const { channels, sent } = notedChannels();
    const queue = process(channels);
    expect(await queue.queueDue()).toBe(1);
    expect(await queue.depths()).toMatchObject({ waiting: 1 });
    const redis = new Redis(settings.redisUrl);
    await redis.flushdb();
    redis.disconnect();
    queue.startWorker();
    await sleep(500);
    expect(sent).toEqual([]);
    expect(await statuses(alarmId)).toEqual(['pending']);
    // The periodic walk through the due rows.
    expect(await queue.queueDue()).toBe(1);
    await vi.waitFor(async () => expect(await statuses(alarmId)).toEqual(['sent']));
    expect(sent).toEqual([`push:${browser}:${alarmId}`]);
  });

  it('finishes the delivery under way when it stops', async () => {
    const browser = await pushClient();
    const alarmId = await alarmWithJobs([['push', browser]]);
    const { channels, sent } = notedChannels({ sendMs: 800 });
    const queue = process(channels);
    await queue.queueDue();
    queue.startWorker();
    await vi.waitFor(async () => expect(await queue.depths()).toMatchObject({ active: 1 }));
    await queue.close();
    open.splice(0);
    expect(sent).toEqual([`push:${browser}:${alarmId}`]);
    expect(await statuses(alarmId)).toEqual(['sent']);
  });

  it('reports the queue depths for /metrics', async () => {
    const browser = await pushClient();
    await alarmWithJobs([['push', browser]]);
    await alarmWithJobs([['push', browser]]);
    const queue = process(notedChannels().channels);
    await queue.queueDue();
    const registry = new Registry();
    registerJobQueueDepths(registry, async () => ({ deliveries: await queue.depths() }));
    const text = await registry.metrics();
    expect(text).toContain('xunji_job_queue_depth{queue="deliveries",state="waiting"} 2');
    expect(text).toContain('xunji_job_queue_depth{queue="deliveries",state="failed"} 0');
    // Delivered, so the next test's workers find nothing of this one.
    queue.startWorker();
    await vi.waitFor(async () =>
      expect(await queue.depths()).toMatchObject({ waiting: 0, active: 0 }),
    );
  });
});
