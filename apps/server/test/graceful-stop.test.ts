import http from 'node:http';
import { hashPasswordForTransport } from '@xunji/shared';
import { CITIES, createDevice, Trip } from '@xunji/simulator';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startAMapPlaceStandIn, type AMapPlaceStandIn } from './support/amap-place-stand-in.js';
import { createRepositories } from '../src/context.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';
import { localHttpServer, type LocalHttpServer } from './support/local-http.js';
import { freePort } from '../../../e2e/support/start-server.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

const KEY = 'graceful-stop-key';
/** AMap's answers, each held until the test lets it go: a request in flight as long as needed. */
interface HeldAMap {
  url: string;
  /** Resolves when a search reaches AMap. */
  reached(): Promise<void>;
  /** Lets every held search (and every later one) through. */
  release(): void;
  close(): Promise<void>;
}

async function heldAMap(amap: AMapPlaceStandIn): Promise<HeldAMap> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const server: LocalHttpServer = localHttpServer(async (request, response) => {
    reach();
    await released;
    try {
      const answer = await fetch(new URL(request.url ?? '/', amap.url));
      response.setHeader('content-type', 'application/json');
      response.end(await answer.text());
    } catch {
      response.destroy();
    }
  });
  return { url: await server.listen(), reached: () => reached, release, close: server.close };
}

/**
 * What a health check on a new connection gets now: its HTTP status, or a refusal (a connection
 * the kernel queued as the port closed is reset, not refused: the same to a client).
 */
function healthAnswer(baseUrl: string): Promise<number | 'refused'> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}/api/health`, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', (error: NodeJS.ErrnoException) =>
        ['ECONNREFUSED', 'ECONNRESET'].includes(error.code ?? '')
          ? resolve('refused')
          : reject(error),
      );
  });
}

describe.each(testDialects())('graceful stop on %s', (dialect) => {
  let amap: AMapPlaceStandIn;
  let held: HeldAMap;
  let database: TestDatabase;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    amap = await startAMapPlaceStandIn(KEY);
  });
  afterAll(() => amap.close());
  afterEach(async () => {
    held.release();
    await server.kill();
    await held.close();
    await database.drop();
  });

  async function start(env: Record<string, string> = {}) {
    held = await heldAMap(amap);
    database = await createTestDatabase(dialect);
    server = await startServerProcess({
      ...database.env,
      DEMO_MODE: 'true',
      AMAP_API_URL: held.url,
      AMAP_WEB_KEY: KEY,
      ...env,
    });
    const signedIn = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { applicationId: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: hashPasswordForTransport('demo123456') }),
    });
    ({ token } = ((await signedIn.json()) as { data: { token: string } }).data);
    expect(token).toBeTruthy();
  }

  /** A search of nearby petrol stations: in flight until AMap's answer is let go. */
  const search = () =>
    fetch(`${server.baseUrl}/api/amap/place/around?location=116.397128,39.916527&types=fuel`, {
      headers: { applicationId: '1', authorization: `Bearer ${token}` },
    });

  /** The answers to requests sent after SIGTERM, until one is refused or answered 503. */
  async function refusedAfterSignal(): Promise<number | 'refused'> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await healthAnswer(server.baseUrl);
      if (answer !== 200 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it(
    'answers the request in flight, refuses new ones, then exits 0',
    { timeout: 60_000 },
    async () => {
      await start();
      const inFlight = search();
      await held.reached();
      server.signal('SIGTERM');

      expect([503, 'refused']).toContain(await refusedAfterSignal());
      held.release();
      const released = Date.now();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { code: number }).code).toBe(0);
      expect(await server.exited).toBe(0);
      expect(Date.now() - released).toBeLessThan(5000);
      expect(await healthAnswer(server.baseUrl)).toBe('refused');
    },
  );

  it(
    'exits 1 with a log line when in-flight work outlasts SHUTDOWN_TIMEOUT_S',
    { timeout: 60_000 },
    async () => {
      await start({ SHUTDOWN_TIMEOUT_S: '1' });
      const inFlight = search().catch(() => 'cut');
      await held.reached();
      const signalled = Date.now();
      server.signal('SIGTERM');

      expect(await server.exited).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(5000);
      expect(server.output()).toContain('not stopped within 1 s (SHUTDOWN_TIMEOUT_S)');
      expect(await inFlight).toBe('cut');
    },
  );
});

describe.each(testDialects())('graceful stop of the device ports on %s', (dialect) => {
  it(
    'closes device connections after committing what they sent: each acknowledged fix stored once',
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase(dialect);
      const repositories = createRepositories(database.handle);
      const { id } = await registerDevice({ repositories }, '138000000011', 'jt808');
      const port = await freePort();
      const server = await startServerProcess({
        ...database.env,
        GATEWAY: 'on',
        GATEWAY_HOST: '127.0.0.1',
        JT808_PORT: String(port),
        ...Object.fromEntries(
          [
            'JT808_UDP_PORT',
            'OSMAND_PORT',
            'GT06_PORT',
            'WATCH_PORT',
            'H02_PORT',
            'H02_UDP_PORT',
          ].map((name) => [name, 'off']),
        ),
      });
      let disconnected = false;
      const device = createDevice({
        protocol: 'jt808',
        deviceId: '138000000011',
        trip: new Trip({ city: CITIES[0]!, seed: 11, start: Date.now() - 3600_000 }),
        host: '127.0.0.1',
        port,
        // 50 fixes a second, each one simulated second apart (JT/T 808 times have whole seconds).
        intervalSeconds: 0.02,
        timeScale: 50,
        seed: 11,
        onEvent: (event) => (disconnected ||= event.type === 'disconnected'),
      });
      try {
        device.start();
        await expect
          .poll(() => device.acknowledgedFixTimes.length, { timeout: 20_000 })
          .toBeGreaterThan(20);
        server.signal('SIGTERM');
        expect(await server.exited).toBe(0);
        const acknowledged = [...device.acknowledgedFixTimes];
        expect(disconnected).toBe(true);
        const stored = (await repositories.positions.listForDevice(id)).map((row) => row.fixTime);
        expect(new Set(stored).size).toBe(stored.length);
        expect(acknowledged.filter((time) => !stored.includes(time))).toEqual([]);
      } finally {
        device.stop();
        await server.kill();
        await database.drop();
      }
    },
  );
});
