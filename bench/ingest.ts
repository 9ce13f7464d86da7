import os from 'node:os';
import path from 'node:path';
import { hashPasswordForTransport } from '@xunji/shared';
import { createRepositories } from '../apps/server/src/context.js';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { hashSecret } from '../apps/server/src/services/password-hasher.js';
import { createTestDatabase } from '../apps/server/test/support/databases.js';
import { DEVICES_PER_WORKER, driveDevices } from './ingest/device-clients.js';
import { startGateway, type GatewayOptions } from './ingest/gateway-process.js';
import { loadFigures, reconnectFigures, round1 } from './ingest/stats.js';

/**
 * N JT/T 808 devices on real loopback connections (spread over several source addresses and
 * client processes) send positions at a steady total rate for a while; reports what the gateway
 * stored and acknowledged, the server's CPU time and memory for it, and then how long the whole
 * fleet takes to come back after a gateway restart (the last, median and 90th-percentile device,
 * and the new gateway's CPU for it per device). Settings: INGEST_CONNECTIONS (default 19,500:
 * this machine allows a process 20,000 open files, and the server needs a few for itself),
 * INGEST_RATE (offered positions/s, default 50,000), INGEST_SECONDS (default 60, after a warm-up
 * of INGEST_WARMUP_SECONDS, default 5, in which every device sends its first positions), DATABASE_URL
 * (PostgreSQL, else SQLite), INGEST_PROFILE_DIR (write V8 CPU profiles of the server there),
 * INGEST_TRACE_FILE (the server's queries and event-loop stalls per second, bench/fences/server-trace.ts),
 * INGEST_NODE_OPTIONS (more options for the server's Node, space separated), INGEST_RESTART=off
 * (skip the restart).
 */
const CONNECTIONS = Number(process.env.INGEST_CONNECTIONS ?? 19_500);
const RATE = Number(process.env.INGEST_RATE ?? 50_000);
const SECONDS = Number(process.env.INGEST_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.INGEST_WARMUP_SECONDS ?? 5);
const RESTART = process.env.INGEST_RESTART !== 'off';
const TRACE_FILE = process.env.INGEST_TRACE_FILE;

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

export default async function ingest() {
  // A private database (a new one on the PostgreSQL server too), dropped at the end.
  const database = await createTestDatabase(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  await registerDevices(database.handle);
  const options: GatewayOptions = {
    databaseEnv: database.env,
    profileDir: process.env.INGEST_PROFILE_DIR,
    nodeOptions: process.env.INGEST_NODE_OPTIONS?.split(' ').filter(Boolean),
    ...(TRACE_FILE && { preload: [path.join(import.meta.dirname, 'fences/server-trace.ts')] }),
    env: {
      ...(TRACE_FILE && { FENCES_TRACE_FILE: TRACE_FILE }),
      // The whole fleet on one process: past the default cap (80 % of the open-file limit), an
      // operator's explicit choice that leaves the HTTP side only the descriptors above it.
      GATEWAY_MAX_CONNECTIONS: String(CONNECTIONS + 100),
      // The bench's devices share a few loopback addresses (5,000 each), as no real fleet does.
      GATEWAY_MAX_PENDING_PER_IP: String(DEVICES_PER_WORKER),
    },
  };
  let gateway = await startGateway(options);
  try {
    const idleRssKb = gateway.rssKb();
    console.error(`gateway up; ${CONNECTIONS} devices`);
    const connectStarted = performance.now();
    let connectSeconds = 0;
    let cpuAtStart = 0;
    let cpuSeconds = 0;
    let cpuAtListening = 0;
    let returnCpuSeconds = 0;
    let peakRssKb = 0;
    let connectedRssKb = 0;
    let loadAverage = 0;
    const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, gateway.rssKb())), 1000);
    const report = await driveDevices(
      {
        port: gateway.port,
        devices: CONNECTIONS,
        rate: RATE,
        durationMs: SECONDS * 1000,
        warmupMs: WARMUP_SECONDS * 1000,
        ...(RESTART && {
          restart: async () => {
            const stopping = Date.now();
            await gateway.stop();
            const stopped = Date.now();
            gateway = await startGateway({ ...options, port: gateway.port });
            cpuAtListening = gateway.cpuSeconds();
            const startMs = gateway.listeningAt - stopped;
            console.error(
              `gateway restarted: stopped in ${stopped - stopping} ms, accepting ${startMs} ms ` +
                `later (at ${gateway.listeningAt})`,
            );
            return gateway.listeningAt;
          },
        }),
      },
      {
        connected: () => (connectedRssKb = gateway.rssKb()),
        started: () => {
          // Called once the warm-up that followed the connections is over.
          connectSeconds = (performance.now() - connectStarted) / 1000 - WARMUP_SECONDS;
          console.error(`all connected; sending`);
          cpuAtStart = gateway.cpuSeconds();
        },
        finished: () => {
          cpuSeconds = gateway.cpuSeconds() - cpuAtStart;
          clearInterval(sampler);
          loadAverage = os.loadavg()[0]!;
        },
        back: () => (returnCpuSeconds = gateway.cpuSeconds() - cpuAtListening),
      },
    );
    return {
      connections: report.connected,
      connectSeconds: round1(connectSeconds),
      offeredPerSec: RATE,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      sent: report.sent,
      ...loadFigures(report, SECONDS, cpuSeconds),
      serverCpuCores: round1(cpuSeconds / SECONDS),
      rssMb: Math.round(peakRssKb / 1024),
      // What the connections added to the idle server, per connection: logged in, before the load…
      rssKbPerConnection: round1((connectedRssKb - idleRssKb) / Math.max(1, report.connected)),
      // …and at the peak under load (the JavaScript heap's garbage between full collections too).
      rssKbPerConnectionLoaded: round1((peakRssKb - idleRssKb) / Math.max(1, report.connected)),
      ...reconnectFigures(report.reconnectMs, returnCpuSeconds),
      loadAverage: round1(loadAverage),
      db: database.env.DATABASE_URL ? 'postgres' : 'sqlite',
    };
  } finally {
    await gateway.stop();
    await database.drop();
  }
}
