import { spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import {
  freePort,
  PortTaken,
  repositoryRoot,
  retryOnPortTaken,
} from '../../../../e2e/support/start-server.js';

export type ClusterRole = 'gateway' | 'api' | 'worker';

/** The device ports a gateway of the cluster opens (the other protocols' stay off). */
export interface GatewayPorts {
  gt06: number;
  jt808: number;
  osmand: number;
}

export interface ClusterProcess {
  /** `gateway-1`, `api-2`, … in the order started. */
  name: string;
  role: ClusterRole;
  /** Its HTTP port: health, readiness and metrics for every role, the API and socket for `api`. */
  baseUrl: string;
  /** A gateway's device ports. */
  ports: GatewayPorts | undefined;
  pid: number;
  output(): string;
  signal(signal: NodeJS.Signals): void;
  /** The exit code (null when a signal ended it), once it has exited. */
  exited: Promise<number | null>;
  /** SIGKILL unless it has exited, then waits for it. */
  kill(): Promise<void>;
}

export interface ClusterOptions {
  /** The database's settings (`DATABASE_URL`, `DATA_DIR`): PostgreSQL, shared by every process. */
  databaseEnv: Record<string, string>;
  redisUrl: string;
  gateways: number;
  apis: number;
  workers: number;
  /** More settings for every process. */
  env?: Record<string, string>;
}

export interface Cluster {
  gateways: ClusterProcess[];
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  /** One more process of the role, once it is ready. */
  add(role: ClusterRole): Promise<ClusterProcess>;
  /** What every process printed, each under its name and pid, for a failure message. */
  logs(): string;
  /** SIGTERM to those still running, SIGKILL to any still there after 10 s. */
  stop(): Promise<void>;
}

/** A gateway's device ports, or every device port off (the other roles open none anyway). */
const devicePortSettings = (ports: GatewayPorts | undefined) => ({
  GT06_PORT: ports ? String(ports.gt06) : 'off',
  JT808_PORT: ports ? String(ports.jt808) : 'off',
  OSMAND_PORT: ports ? String(ports.osmand) : 'off',
  WATCH_PORT: 'off',
  H02_PORT: 'off',
  JT808_UDP_PORT: 'off',
  H02_UDP_PORT: 'off',
});
/** Five processes starting together on two busy cores take a while. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

async function ready(baseUrl: string, ports: GatewayPorts | undefined): Promise<boolean> {
  try {
    if (!(await fetch(`${baseUrl}/api/ready`)).ok) return false;
  } catch {
    return false;
  }
  // A gateway opens its device ports once its HTTP side listens.
  for (const port of Object.values(ports ?? {})) if (!(await accepts(port))) return false;
  return true;
}

/** One server process of `role` (`node --import tsx apps/server/src/main.ts`), once it is ready. */
async function startProcess(
  name: string,
  role: ClusterRole,
  options: ClusterOptions,
): Promise<ClusterProcess> {
  const port = await freePort();
  const ports =
    role === 'gateway'
      ? { gt06: await freePort(), jt808: await freePort(), osmand: await freePort() }
      : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...options.databaseEnv,
      ROLE: role,
      REDIS_URL: options.redisUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      GATEWAY: role === 'gateway' ? 'on' : 'off',
      GATEWAY_HOST: '127.0.0.1',
      ...devicePortSettings(ports),
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await ready(baseUrl, ports))) {
    const gone = child.exitCode !== null;
    if (gone || Date.now() > deadline) {
      await kill();
      if (output.includes('EADDRINUSE')) throw new PortTaken(output);
      throw new Error(`${name} ${gone ? 'exited' : 'was not ready in time'}:\n${output}`);
    }
    await sleep(200);
  }
  return {
    name,
    role,
    baseUrl,
    ports,
    pid: child.pid!,
    output: () => output,
    signal: (signal) => child.kill(signal),
    exited,
    kill,
  };
}

/** Empties the database of the cluster's Redis: what an earlier run left must not be read. */
async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/**
 * Gateway, API and worker processes of one cluster (`ROLE`), each a separate OS process on the
 * same PostgreSQL database and Redis, on free ports, started together and ready (migrated, the
 * gateways' device ports open) when this resolves.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  await flushRedis(options.redisUrl);
  const started: ClusterProcess[] = [];
  const counts: Record<ClusterRole, number> = { gateway: 0, api: 0, worker: 0 };
  const launch = async (role: ClusterRole) => {
    const name = `${role}-${++counts[role]}`;
    const member = await retryOnPortTaken(() => startProcess(name, role, options));
    started.push(member);
    return member;
  };
  const cluster: Cluster = {
    gateways: [],
    apis: [],
    workers: [],
    add: async (role) => {
      const member = await launch(role);
      listOf(role).push(member);
      return member;
    },
    logs: () => started.map((p) => `--- ${p.name} (pid ${p.pid}) ---\n${p.output()}`).join('\n'),
    stop: async () => {
      for (const p of started) p.signal('SIGTERM');
      const inTime = await Promise.race([
        Promise.all(started.map((p) => p.exited)).then(() => true),
        sleep(STOP_TIMEOUT_MS).then(() => false),
      ]);
      if (!inTime) await Promise.all(started.map((p) => p.kill()));
    },
  };
  const listOf = (role: ClusterRole) =>
    ({ gateway: cluster.gateways, api: cluster.apis, worker: cluster.workers })[role];
  const roles: ClusterRole[] = [
    ...Array<ClusterRole>(options.gateways).fill('gateway'),
    ...Array<ClusterRole>(options.apis).fill('api'),
    ...Array<ClusterRole>(options.workers).fill('worker'),
  ];
  const results = await Promise.allSettled(roles.map(launch));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await cluster.stop();
    throw failed.reason;
  }
  for (const result of results)
    if (result.status === 'fulfilled') listOf(result.value.role).push(result.value);
  return cluster;
}
