import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { hashPasswordForTransport } from '@xunji/shared';
import { createRepositories } from '../apps/server/src/context.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { hashSecret } from '../apps/server/src/services/password-hasher.js';
import { createTestDatabase } from '../apps/server/test/support/databases.js';
import { repositoryRoot } from '../e2e/support/start-server.js';

/**
 * N JT/T 808 devices on real loopback connections (spread over several source addresses and
 * client processes) send positions at a steady total rate for a while; reports what the gateway
 * stored and acknowledged. Settings: INGEST_CONNECTIONS (default 19,500: this machine allows a
 * process 20,000 open files, and the server needs a few for itself), INGEST_RATE (offered
 * positions/s, default 50,000), INGEST_SECONDS (default 60), DATABASE_URL (PostgreSQL, else SQLite),
 * INGEST_PROFILE_DIR (write a V8 CPU profile of the server there).
 */
const CONNECTIONS = Number(process.env.INGEST_CONNECTIONS ?? 19_500);
const RATE = Number(process.env.INGEST_RATE ?? 50_000);
const SECONDS = Number(process.env.INGEST_SECONDS ?? 60);
const PER_WORKER = 5000;

interface WorkerReport {
  sent: number;
  acked: number;
  failed: number;
  skipped: number;
  histogram: Record<number, number>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function registerDevices(handle: DatabaseHandle): Promise<void> {
  const passwordHash = await hashSecret(hashPasswordForTransport('123456'));
  const now = Date.now();
  await createRepositories(handle).devices.createMany(
    Array.from({ length: CONNECTIONS }, (_, i) => ({
      terminalNo: String(130_000_000_000 + i),
      passwordHash,
      protocol: 'jt808',
      createdAt: now,
    })),
  );
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => resolve(probe.end() && true));
      probe.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway did not start');
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** The latency (ms) below which a share `p` of the acks came, from merged 0.1 ms buckets. */
function percentile(histogram: Map<number, number>, total: number, p: number): number {
  let seen = 0;
  for (const [bucket, count] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += count;
    if (seen >= total * p) return bucket / 10;
  }
  return 0;
}

export default async function ingest() {
  // A private database (a new one on the PostgreSQL server too), dropped at the end.
  const database = await createTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  const port = await freePort();
  const off = [
    'OSMAND_PORT',
    'GT06_PORT',
    'WATCH_PORT',
    'H02_PORT',
    'H02_UDP_PORT',
    'JT808_UDP_PORT',
  ];
  const env: Record<string, string> = {
    ...database.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    GATEWAY_HOST: '127.0.0.1',
    JT808_PORT: String(port),
    DEMO_MODE: 'false',
    LOG_LEVEL: 'warn',
    // The whole fleet on one process: past the default cap (80 % of the open-file limit), an
    // operator's explicit choice that leaves the HTTP side only the descriptors above it.
    GATEWAY_MAX_CONNECTIONS: String(CONNECTIONS + 100),
    ...Object.fromEntries(off.map((name) => [name, 'off'])),
  };
  await registerDevices(database.handle);
  // Node itself with the tsx loader: one process, so its RSS is the server's.
  const server: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.INGEST_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.INGEST_PROFILE_DIR}`]
        : []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      cwd: repositoryRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForPort(port);
    console.error(`gateway up; ${CONNECTIONS} devices`);
    const intervalMs = (CONNECTIONS / RATE) * 1000;
    const workers = Math.ceil(CONNECTIONS / PER_WORKER);
    const connectStarted = performance.now();
    const children = Array.from({ length: workers }, (_, w) => {
      const job = {
        port,
        localAddress: `127.0.0.${w + 1}`,
        firstIndex: w * PER_WORKER,
        count: Math.min(PER_WORKER, CONNECTIONS - w * PER_WORKER),
        intervalMs,
        durationMs: SECONDS * 1000,
      };
      return fork(path.join(import.meta.dirname, 'ingest/client.ts'), [JSON.stringify(job)], {
        execArgv: ['--import', 'tsx'],
      });
    });
    const nextMessage = <T>(child: ChildProcess) =>
      new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
    // Every device connects and authenticates first (a reconnect storm is not the steady state);
    // the measured minute is the load that follows.
    const connected = await Promise.all(
      children.map((child) => nextMessage<{ connected: number }>(child)),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    console.error(`${connected.reduce((n, c) => n + c.connected, 0)} connected; sending`);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid!))), 1000);
    const finished = children.map((child) => nextMessage<WorkerReport>(child));
    children.forEach((child) => child.send('start'));
    const reports = await Promise.all(finished);
    clearInterval(sampler);
    const acked = reports.reduce((n, r) => n + r.acked, 0);
    const histogram = new Map<number, number>();
    for (const report of reports) {
      for (const [bucket, count] of Object.entries(report.histogram)) {
        histogram.set(Number(bucket), (histogram.get(Number(bucket)) ?? 0) + count);
      }
    }
    return {
      connections: connected.reduce((n, c) => n + c.connected, 0),
      connectSeconds: Math.round(connectSeconds * 10) / 10,
      offeredPerSec: RATE,
      seconds: SECONDS,
      positionsPerSec: Math.round(acked / SECONDS),
      sent: reports.reduce((n, r) => n + r.sent, 0),
      acked,
      skippedWhileUnacked: reports.reduce((n, r) => n + r.skipped, 0),
      socketErrors: reports.reduce((n, r) => n + r.failed, 0),
      ackP50Ms: percentile(histogram, acked, 0.5),
      ackP99Ms: percentile(histogram, acked, 0.99),
      rssMb: peakRss,
      db: env.DATABASE_URL ? 'postgres' : 'sqlite',
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
  }
}
