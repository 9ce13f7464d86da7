import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITIES, createDevice, Trip, type SimulatedDevice } from '@xunji/simulator';
import { describe, expect, it } from 'vitest';
import { createRepositories } from '../src/context.js';
import { testDialects, createTestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // Node itself with the tsx loader: one process, so SIGKILL really kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(Number(env.JT808_PORT), '127.0.0.1', () =>
        resolve(probe.end() && true),
      );
      probe.on('error', () => resolve(false));
    });
    if (up) return child;
    await sleep(100);
  }
  throw new Error('the server did not start');
}

describe.each(testDialects())('crash safety on %s', (dialect) => {
  it(
    'keeps every acknowledged position through a SIGKILL, each exactly once',
    { timeout: 90_000 },
    async () => {
      const database = await createTestDatabase(dialect);
      const repositories = createRepositories(database.handle);
      const { id } = await registerDevice({ repositories }, '138000000009', 'jt808');
      const port = await freePort();
      const env = {
        ...database.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        GATEWAY_HOST: '127.0.0.1',
        JT808_PORT: String(port),
        JT808_UDP_PORT: 'off',
        ...Object.fromEntries(
          ['OSMAND_PORT', 'GT06_PORT', 'WATCH_PORT', 'H02_PORT', 'H02_UDP_PORT'].map((k) => [
            k,
            'off',
          ]),
        ),
        DEMO_MODE: 'false',
      };
      let server = await startServer(env);
      const device: SimulatedDevice = createDevice({
        protocol: 'jt808',
        deviceId: '138000000009',
        trip: new Trip({ city: CITIES[0]!, seed: 7, start: Date.now() - 3600_000 }),
        host: '127.0.0.1',
        port,
        // 50 fixes a second, each one simulated second apart (JT/T 808 times have whole seconds).
        intervalSeconds: 0.02,
        timeScale: 50,
        // Retry every 200 ms, so the device is back soon after the server whatever its start time.
        backoffMs: 200,
        maxBackoffMs: 200,
        seed: 7,
      });
      try {
        device.start();
        await sleep(2000);
        server.kill('SIGKILL');
        await new Promise((resolve) => server.once('exit', resolve));
        const acknowledgedBeforeCrash = device.acknowledgedFixTimes.length;
        await sleep(500);
        server = await startServer(env);
        await sleep(3000);
        device.stop();
        await sleep(300);
        const acknowledged = [...device.acknowledgedFixTimes];
        expect(acknowledgedBeforeCrash).toBeGreaterThan(10);
        expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeCrash);
        const stored = (await repositories.positions.listForDevice(id)).map((row) => row.fixTime);
        expect(new Set(stored).size).toBe(stored.length);
        const missing = acknowledged.filter((time) => !stored.includes(time));
        expect(missing).toEqual([]);
      } finally {
        device.stop();
        server.kill('SIGKILL');
        await database.drop();
      }
    },
  );
});
