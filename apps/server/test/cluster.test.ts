import http from 'node:http';
import {
  hashPasswordForTransport,
  wgs84ToGcj02,
  type CommandRecord,
  type LiveAlarmMessage,
} from '@xunji/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startClusterDevice,
  type ClusterDevice,
  type DriveOptions,
} from './support/cluster-devices.js';
import {
  callApi,
  createClusterFleet,
  signIn,
  subscribeToPushes,
  type ClusterFleet,
  type FleetDevice,
} from './support/cluster-fleet.js';
import { LiveSocketClient } from './support/cluster-live-socket.js';
import { startCluster, type Cluster, type ClusterProcess } from './support/cluster-processes.js';
import { startPrivateRedis, type PrivateRedis } from './support/cluster-redis.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { startPushServiceStandIn } from './support/push-service-stand-in.js';

const runs = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const title = runs
  ? 'a cluster of separate processes: 2 gateways, 2 APIs, a worker'
  : 'a cluster of separate processes (skipped: it needs DATABASE_URL and REDIS_URL, as CI sets them)';

/** The device of each point, in the fleet's order. */
const PLAN = {
  moving: 'jt808',
  cutOil: 'gt06',
  fence: 'jt808',
  redis: 'jt808',
  killedGt06: 'gt06',
  killedJt808: 'jt808',
  killedOsmand: 'osmand',
} as const;
type Point = keyof typeof PLAN;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const poll = { timeout: 30_000, interval: 100 };

describe.skipIf(!runs)(title, { timeout: 60_000 }, () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let cluster: Cluster;
  let fleet: ClusterFleet;
  let token: string;
  const pushService = startPushServiceStandIn();
  const sockets: LiveSocketClient[] = [];
  const driving: ClusterDevice[] = [];
  let gatewayA: ClusterProcess;
  let gatewayB: ClusterProcess;
  let apiA: ClusterProcess;
  let apiB: ClusterProcess;

  const deviceOf = (point: Point): FleetDevice => fleet.devices[Object.keys(PLAN).indexOf(point)]!;
  const drive = (point: Point, gateways: ClusterProcess[], options?: DriveOptions) => {
    const device = startClusterDevice(deviceOf(point), gateways, options);
    driving.push(device);
    return device;
  };
  const socketOn = async (api: ClusterProcess) => {
    const socket = await LiveSocketClient.open(api.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const pushesOf = (alarmId: number) =>
    pushService.received.filter((push) => JSON.parse(push.plaintext).alarmId === alarmId);
  const alarmsOf = (deviceId: number, type: string) =>
    database.handle.db
      .selectFrom('alarmLogs')
      .select(['id', 'alarmTime', 'fenceId'])
      .where('deviceId', '=', deviceId)
      .where('alarmType', '=', type)
      .execute();

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase('postgres');
    fleet = await createClusterFleet(database.handle, Object.values(PLAN));
    await pushService.listen();
    cluster = await startCluster({
      databaseEnv: database.env,
      redisUrl: redis.url,
      gateways: 2,
      apis: 2,
      workers: 1,
    });
    [gatewayA, gatewayB] = cluster.gateways as [ClusterProcess, ClusterProcess];
    [apiA, apiB] = cluster.apis as [ClusterProcess, ClusterProcess];
    token = await signIn(apiA, fleet);
    await subscribeToPushes(apiB, token, pushService);
  }, 180_000);

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(`${cluster.logs()}\n--- redis ---\n${redis.output()}`));
  });

  afterAll(async () => {
    for (const { device } of driving) device.stop();
    for (const socket of sockets) socket.close();
    await cluster?.stop();
    await redis?.kill();
    await pushService.close();
    await database?.drop();
  }, 60_000);

  it('a device on gateway A moves and a socket on API B sees its fixes', async () => {
    const moving = drive('moving', [gatewayA, gatewayB]);
    const socket = await socketOn(apiB);
    const { id } = moving.fleet;
    await expect.poll(() => moving.device.acknowledgedFixTimes.length, poll).toBeGreaterThan(5);
    const fifth = moving.device.acknowledgedFixTimes[4]!;
    await socket.waitFor(
      (m) => m.type === 'devices' && m.updates.some((u) => u.id === id && u.locateTime! >= fifth),
      poll.timeout,
    );
    const located = socket.updatesOf(id).filter((update) => update.locateTime !== undefined);
    for (const update of located) {
      const fix = moving.fixes.get(update.locateTime!);
      expect(fix, `update for ${update.locateTime}`).toBeDefined();
      expect(update.latWGS84).toBeCloseTo(fix!.latitude, 6);
      expect(update.lonWGS84).toBeCloseTo(fix!.longitude, 6);
    }
    expect(new Set(located.map((update) => update.latWGS84)).size).toBeGreaterThan(1);
    expect(moving.lastPort()).toBe(gatewayA.ports!.jt808);
  });

  it('a cut-oil command sent through API A reaches a device on gateway B; its result reaches the socket on API B', async () => {
    // Slow enough for the relay to cut (it refuses above 20 km/h).
    const car = drive('cutOil', [gatewayB, gatewayA], { cruiseKmh: { min: 3, max: 8 } });
    const socket = await socketOn(apiB);
    await expect.poll(() => car.device.acknowledgedFixTimes.length, poll).toBeGreaterThan(2);
    const command = await callApi<CommandRecord>(apiA, 'POST', '/terminal/cut-buffer', {
      token,
      body: {
        terminalId: car.fleet.id,
        isCutButter: 1,
        password: hashPasswordForTransport(fleet.password),
      },
    });
    const updates = () =>
      socket
        .ofType('command')
        .filter((message) => message.command.id === command.id)
        .map((message) => message.command);
    await expect.poll(() => updates().map((update) => update.state), poll).toContain('done');
    expect(updates().find((update) => update.state === 'done')).toMatchObject({
      paramName: 'cutOil',
      paramValue: '1',
      result: 'succeeded',
    });
    expect(car.events.filter((e) => e.type === 'command').map((e) => e.detail)).toEqual(['cutOil']);
    expect(car.lastPort()).toBe(gatewayB.ports!.gt06);
  });

  // A third process starts first: on a busy machine that alone may take a while.
  it(
    'a fence alarm is pushed exactly once with 2 workers running',
    { timeout: 120_000 },
    async () => {
      await cluster.add('worker');
      const walker = drive('fence', [gatewayA, gatewayB], { cruiseKmh: { min: 3, max: 6 } });
      const socket = await socketOn(apiA);
      const { id } = walker.fleet;
      await expect.poll(() => walker.device.acknowledgedFixTimes.length, poll).toBeGreaterThan(2);
      const here = walker.fixes.get(walker.device.acknowledgedFixTimes.at(-1)!)!;
      const centre = wgs84ToGcj02(here);
      const fence = await callApi<{ id: number }>(apiB, 'POST', '/v2/fence', {
        token,
        body: {
          terminalId: id,
          name: 'cluster fence',
          type: 'round',
          alarmType: 'out',
          radius: 1000,
          fenceData: [{ lng: centre.longitude, lat: centre.latitude }],
        },
      });
      // The alarm stage has placed the device inside; then it is suddenly 11 km north.
      const side = () =>
        database.handle.db
          .selectFrom('fenceStates')
          .select('inside')
          .where('fenceId', '=', fence.id)
          .executeTakeFirst();
      await expect.poll(async () => (await side())?.inside, poll).toBe(1);
      walker.trip.moveNorth(0.1);

      await expect.poll(() => alarmsOf(id, 'fenceOut'), poll).toHaveLength(1);
      const [alarm] = await alarmsOf(id, 'fenceOut');
      expect(Number(alarm!.fenceId)).toBe(fence.id);
      await expect.poll(() => pushesOf(alarm!.id).length, poll).toBeGreaterThan(0);
      // A second delivery or a second alarm would have come by now (each worker polls every 5 s).
      await sleep(6000);
      expect(pushesOf(alarm!.id)).toHaveLength(1);
      expect(await alarmsOf(id, 'fenceOut')).toHaveLength(1);
      const announced = socket
        .ofType('alarm')
        .filter((message: LiveAlarmMessage) => message.alarmId === alarm!.id);
      expect(announced).toHaveLength(1);
    },
  );

  it('Redis restarted mid-stream: live updates resume, no alarm lost', async () => {
    const car = drive('redis', [gatewayB, gatewayA]);
    const socket = await socketOn(apiB);
    const { id } = car.fleet;
    await expect.poll(() => socket.updatesOf(id).length, poll).toBeGreaterThan(0);

    await redis.kill();
    car.trip.raise('sos');
    // The SOS fix is stored (acknowledged) while Redis is away.
    const sosTime = () => [...car.fixes.values()].find((fix) => fix.alarm === 'sos')?.time;
    await expect
      .poll(() => car.device.acknowledgedFixTimes.includes(sosTime() ?? -1), poll)
      .toBe(true);
    await sleep(1000);
    const lastBeforeRestart = Math.max(...car.fixes.keys());
    await redis.start();

    await socket.waitFor(
      (m) =>
        m.type === 'devices' &&
        m.updates.some((u) => u.id === id && u.locateTime! > lastBeforeRestart),
      poll.timeout,
    );
    await expect.poll(() => alarmsOf(id, 'sos'), poll).toHaveLength(1);
    const [alarm] = await alarmsOf(id, 'sos');
    expect(Number(alarm!.alarmTime)).toBe(sosTime());
    await expect.poll(() => pushesOf(alarm!.id).length, poll).toBeGreaterThan(0);
    await sleep(6000);
    expect(pushesOf(alarm!.id)).toHaveLength(1);
  });

  it('gateway A killed mid-stream: its devices reconnect to gateway B; every position acknowledged before is stored exactly once', async () => {
    const points = ['killedGt06', 'killedJt808', 'killedOsmand'] as const;
    const streams = points.map((point) =>
      drive(point, [gatewayA, gatewayB], { intervalSeconds: 0.1 }),
    );
    for (const { device } of streams)
      await expect.poll(() => device.acknowledgedFixTimes.length, poll).toBeGreaterThan(20);

    gatewayA.signal('SIGKILL');
    await gatewayA.exited;
    const beforeKill = streams.map(({ device }) => [...device.acknowledgedFixTimes]);

    for (const [i, { device }] of streams.entries())
      await expect
        .poll(() => device.acknowledgedFixTimes.length, poll)
        .toBeGreaterThan(beforeKill[i]!.length + 20);
    for (const stream of streams) stream.device.stop();
    for (const stream of streams.filter((s) => s.fleet.protocol !== 'osmand'))
      expect(stream.lastPort()).toBe(gatewayB.ports![stream.fleet.protocol]);

    const rows = await database.handle.db
      .selectFrom('positions')
      .select(['deviceId', 'fixTime'])
      .select((eb) => eb.fn.countAll<number>().as('copies'))
      .where(
        'deviceId',
        'in',
        streams.map((s) => s.fleet.id),
      )
      .groupBy(['deviceId', 'fixTime'])
      .execute();
    for (const [i, stream] of streams.entries()) {
      const copies = new Map(
        rows
          .filter((row) => Number(row.deviceId) === stream.fleet.id)
          .map((row) => [Number(row.fixTime), Number(row.copies)]),
      );
      const label = `${stream.fleet.protocol} device`;
      expect(
        beforeKill[i]!.map((time) => copies.get(time)),
        label,
      ).toEqual(beforeKill[i]!.map(() => 1));
      const acknowledged = stream.device.acknowledgedFixTimes;
      expect(
        acknowledged.filter((time) => !copies.has(time)),
        label,
      ).toEqual([]);
      expect(
        [...copies.values()].filter((n) => n !== 1),
        label,
      ).toEqual([]);
    }
  });

  it('a SIGTERMed API process finishes its in-flight requests', async () => {
    const body = JSON.stringify({
      username: fleet.owners[0],
      password: hashPasswordForTransport(fleet.password),
    });
    const half = Math.floor(body.length / 2);
    // A slow client: the request is in flight while its body is still coming.
    const request = http.request(`${apiA.baseUrl}/api/auth/login`, {
      method: 'POST',
      agent: false,
      headers: {
        applicationId: '1',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, half));
    await sleep(500);
    apiA.signal('SIGTERM');
    await expect.poll(() => healthOf(apiA), poll).not.toBe(200);
    request.end(body.slice(half));

    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0, data: { token: expect.any(String) } });
    expect(await apiA.exited).toBe(0);
    expect(await healthOf(apiB)).toBe(200);
  });
});

/** The status of a health check on a new connection, or 'refused'. */
async function healthOf(member: ClusterProcess): Promise<number | 'refused'> {
  try {
    const response = await fetch(`${member.baseUrl}/api/health`);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}
