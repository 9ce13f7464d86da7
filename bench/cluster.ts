import os from 'node:os';
import {
  startClusterDevice,
  type ClusterDevice,
} from '../apps/server/test/support/cluster-devices.js';
import {
  createClusterFleet,
  signIn,
  type ClusterProtocol,
} from '../apps/server/test/support/cluster-fleet.js';
import { LiveSocketClient } from '../apps/server/test/support/cluster-live-socket.js';
import { startCluster } from '../apps/server/test/support/cluster-processes.js';
import { startPrivateRedis } from '../apps/server/test/support/cluster-redis.js';
import { createTestDatabase } from '../apps/server/test/support/databases.js';
import { CommandProbe } from './cluster/command-probe.js';
import { FixTiming } from './cluster/fix-timing.js';
import { percentile, round1 } from './ingest/stats.js';

/**
 * The cluster of issue 20, each process separate: CLUSTER_GATEWAYS gateway processes (2; 1 shows
 * what the second adds), 2 API processes and a worker on one PostgreSQL database (DATABASE_URL,
 * required; a new database, dropped afterwards) and a Redis of its own. CLUSTER_DEVICES simulated
 * devices (300, JT/T 808 and GT06 in turn, in this process) are spread over the gateways, each
 * sending a fix every CLUSTER_INTERVAL_S (0.5); CLUSTER_SOCKETS browsers (20), each the owner of
 * its share of the devices, hold a live socket on the APIs in turn. After CLUSTER_WARMUP_SECONDS
 * (5), a window of CLUSTER_SECONDS (30): the positions stored per second, each fix from its frame
 * to its owner's socket, and CLUSTER_COMMANDS_PER_SEC (5) "locate now" commands through the APIs
 * in turn, each timed until its device receives it.
 */
const DEVICES = Number(process.env.CLUSTER_DEVICES ?? 300);
const SOCKETS = Number(process.env.CLUSTER_SOCKETS ?? 20);
const GATEWAYS = Number(process.env.CLUSTER_GATEWAYS ?? 2);
const APIS = 2;
const WORKERS = 1;
const INTERVAL_S = Number(process.env.CLUSTER_INTERVAL_S ?? 0.5);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.CLUSTER_WARMUP_SECONDS ?? 5);
const COMMANDS_PER_SEC = Number(process.env.CLUSTER_COMMANDS_PER_SEC ?? 5);
/** What arrives this long after the window still counts (socket updates, commands). */
const GRACE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function allOnline(devices: ClusterDevice[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (devices.some(({ device }) => device.acknowledgedFixTimes.length === 0)) {
    if (Date.now() > deadline) throw new Error('not every device had a fix acknowledged');
    await sleep(200);
  }
}

export default async function cluster() {
  if (!process.env.DATABASE_URL)
    throw new Error('bench/cluster needs PostgreSQL: set DATABASE_URL');
  const redis = await startPrivateRedis();
  const database = await createTestDatabase('postgres');
  const protocols = Array.from({ length: DEVICES }, (_, i): ClusterProtocol =>
    i % 2 === 0 ? 'jt808' : 'gt06',
  );
  const fleet = await createClusterFleet(database.handle, protocols, SOCKETS);
  const processes = await startCluster({
    databaseEnv: database.env,
    redisUrl: redis.url,
    gateways: GATEWAYS,
    apis: APIS,
    workers: WORKERS,
    // The whole fleet connects from 127.0.0.1, as no real one does.
    env: { GATEWAY_MAX_PENDING_PER_IP: String(DEVICES), LOG_LEVEL: 'error' },
  });
  const timing = new FixTiming();
  const devices: ClusterDevice[] = [];
  const sockets: LiveSocketClient[] = [];
  try {
    const { gateways, apis } = processes;
    // One after the other: sign-ins in flight together from one address would need picture codes.
    const tokens: string[] = [];
    for (const k of fleet.owners.keys()) tokens.push(await signIn(apis[k % APIS]!, fleet, k));
    for (const [k, token] of tokens.entries()) {
      const socket = await LiveSocketClient.open(apis[k % APIS]!.baseUrl, token);
      socket.listen(({ at, message }) => {
        if (message.type === 'devices')
          for (const update of message.updates) timing.shown(update, at);
      });
      sockets.push(socket);
    }
    const probe = new CommandProbe(fleet.devices, apis, tokens);
    // Device i connects to gateway i % GATEWAYS first, its connections spread over one interval.
    for (const [i, member] of fleet.devices.entries()) {
      const order = gateways.map((_, g) => gateways[(i + g) % GATEWAYS]!);
      devices.push(
        startClusterDevice(member, order, {
          intervalSeconds: INTERVAL_S,
          onEvent: (event) => {
            const at = performance.now();
            if (event.type === 'position' && event.fix) timing.sent(member.id, event.fix.time, at);
            else if (event.type === 'command') probe.arrived(member.id, at);
          },
        }),
      );
      await sleep((INTERVAL_S * 1000) / DEVICES);
    }
    await allOnline(devices);
    console.error(`${DEVICES} devices online; gateway processes: ${GATEWAYS}; sockets: ${SOCKETS}`);
    await sleep(WARMUP_SECONDS * 1000);

    const acked = () =>
      devices.reduce((n, { device }) => n + device.acknowledgedFixTimes.length, 0);
    const ackedAtStart = acked();
    const from = Date.now();
    const cpuAtStart = process.cpuUsage();
    timing.measuring = true;
    probe.start(COMMANDS_PER_SEC);
    const loadSamples: number[] = [];
    const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), 5000);
    await sleep(SECONDS * 1000);
    timing.measuring = false;
    probe.stop();
    clearInterval(sampler);
    const until = Date.now();
    const ackedInWindow = acked() - ackedAtStart;
    const { user, system } = process.cpuUsage(cpuAtStart);
    await sleep(GRACE_MS);

    const { stored } = await database.handle.db
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<string>().as('stored'))
      .where('serverTime', '>=', from)
      .where('serverTime', '<', until)
      .executeTakeFirstOrThrow();
    const toSocket = timing.latenciesMs;
    const toDevice = probe.latenciesMs;
    return {
      gateways: GATEWAYS,
      apis: APIS,
      workers: WORKERS,
      devices: DEVICES,
      sockets: SOCKETS,
      seconds: SECONDS,
      offeredPerSec: Math.round(DEVICES / INTERVAL_S),
      positionsPerSec: Math.round(Number(stored) / SECONDS),
      ackedPerSec: Math.round(ackedInWindow / SECONDS),
      eventToSocketP50Ms: round1(percentile(toSocket, 0.5)),
      eventToSocketP95Ms: round1(percentile(toSocket, 0.95)),
      eventToSocketP99Ms: round1(percentile(toSocket, 0.99)),
      socketUpdatesTimed: toSocket.length,
      commandToDeviceP50Ms: round1(percentile(toDevice, 0.5)),
      commandToDeviceP95Ms: round1(percentile(toDevice, 0.95)),
      commandsSent: probe.sent,
      commandsReached: toDevice.length,
      commandsRefused: probe.failed,
      commandsLost: probe.lost,
      // The highest 1-minute load average seen in the window (every process shares the cores).
      loadAverageMax: round1(Math.max(...loadSamples, 0)),
      cores: os.cpus().length,
      // This process's share (the devices and sockets): when it nears a core, it is the bottleneck.
      clientCpuCores: round1((user + system) / 1e6 / SECONDS),
      db: 'postgres',
    };
  } finally {
    for (const { device } of devices) device.stop();
    for (const socket of sockets) socket.close();
    await processes.stop();
    await redis.kill();
    await database.drop();
  }
}
