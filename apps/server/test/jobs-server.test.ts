import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerJobs } from '../src/jobs/server-jobs.js';
import { RetentionJob } from '../src/retention/retention-job.js';
import { REDIS_URL } from './support/job-queues.js';
import { startPushServiceStandIn } from './support/push-service-stand-in.js';
import { ownedDevices, startTestServer, type TestServer } from './support/test-server.js';

/** The Redis database of this file (the server's queues have the production prefix). */
const JOBS_DB = 12;

/** One process with REDIS_URL (ROLE=all): deliveries go through BullMQ, the schedule too. */
describe('a server with REDIS_URL', () => {
  let server: TestServer;
  let redis: Redis;
  const pushService = startPushServiceStandIn();
  const redisUrl = Object.assign(new URL(REDIS_URL), { pathname: `/${JOBS_DB}` }).toString();

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    await redis.flushdb();
    server = await startTestServer('sqlite', { REDIS_URL: redisUrl });
    await pushService.listen();
  });
  afterAll(async () => {
    await pushService.close();
    await redis.flushdb();
    redis.disconnect();
  });

  const ownedDevice = ownedDevices(() => server, '88', '139');

  it('pushes a test alarm through the delivery queue, keeps its periodic work in Redis, and stops', async () => {
    const { token } = await ownedDevice('妈妈的车');
    const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      (await server.call<T>(method, path, { token, ...(body === undefined ? {} : { body }) })).body;
    const { publicKey } = (await call<{ publicKey: string }>('GET', '/push/vapid-key')).data;
    const { subscription } = pushService.subscribe(publicKey);
    expect((await call('POST', '/push/client', { ...subscription })).code).toBe(0);
    const user = (await call<{ username: string }>('GET', '/system/user/user-info')).data;
    const { id } = (await server.repositories.users.findByUsername(user.username))!;
    await server.repositories.users.update(id, { developerMode: 1 });

    expect(await call('POST', '/developer/test-alarm')).toMatchObject({ data: { jobs: 1 } });
    await vi.waitFor(() => expect(pushService.received).toHaveLength(1), { timeout: 10_000 });
    expect(JSON.parse(pushService.received[0]!.plaintext)).toMatchObject({ alarmId: 0 });
    const schedulers = await redis.zrange('xunji:periodic:repeat', 0, -1);
    expect(schedulers.toSorted()).toEqual(
      [
        'alarm-deliveries',
        'command-sweep',
        'data-retention',
        'order-jobs',
        'position-partitions',
        'sim-sync',
      ].toSorted(),
    );
    // The delivery was a job of the queue, keyed by its row, finished there (after the push).
    const completed = async () =>
      (await redis.xrange('xunji:deliveries:events', '-', '+')).some(([, fields]) =>
        /^event completed jobId notification-\d+ /.test(fields.join(' ')),
      );
    await vi.waitFor(async () => expect(await completed()).toBe(true));
    // Its /metrics tell the queues' depths, the same in every process of a cluster.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^xunji_job_queue_depth\{queue="deliveries",state="waiting"\} 0$/m);
    expect(metrics).toMatch(/^xunji_job_queue_depth\{queue="periodic",state="delayed"\} [1-9]/m);
  });

  it("starts a role's part: a worker the cluster's jobs, a gateway none (it queues deliveries)", async () => {
    const { services, repositories } = server;
    const started = async (role: 'worker' | 'gateway', prefix: string) =>
      startServerJobs(
        {
          cluster: {
            role,
            redisUrl,
            runs: { gateway: role === 'gateway', api: false, worker: role === 'worker' },
          },
          segmentSweepMs: 60_000,
          stopTimeLimitMs: 5000,
          queuePrefix: prefix,
        },
        {
          clock: server.clock,
          log: server.app.log,
          notifications: repositories.notifications,
          notificationWorker: services.notificationWorker,
          alarmEngine: services.alarmEngine,
          segmentUpdater: services.segmentUpdater,
          commerceJobs: services.commerceJobs,
          simSync: services.simSync,
          retention: new RetentionJob(services.retention, server.app.log),
          commandSweep: async () => undefined,
          positionPartitions: async () => undefined,
          quietDevices: async () => undefined,
        },
      );
    const worker = await started('worker', 'worker-test');
    const gateway = await started('gateway', 'gateway-test');
    try {
      expect((await redis.zrange('worker-test:periodic:repeat', 0, -1)).toSorted()).toEqual(
        [
          'alarm-deliveries',
          'command-sweep',
          'data-retention',
          'order-jobs',
          'overdue-offline-alarms',
          'position-partitions',
          'quiet-devices',
          'sim-sync',
        ].toSorted(),
      );
      expect(await redis.keys('gateway-test:periodic:*')).toEqual([]);
      expect(Object.keys(await worker.queueDepths()).toSorted()).toEqual([
        'deliveries',
        'periodic',
      ]);
      expect(Object.keys(await gateway.queueDepths())).toEqual(['deliveries']);
    } finally {
      await Promise.all([worker.stop(), gateway.stop()]);
    }
    await server.close();
  });
});
