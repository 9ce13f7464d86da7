import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Device, Gt06Link, until } from './support/gt06-device.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const attacker = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'support/idle-connections.ts',
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 127.0.0.first … 127.0.0.(first + n - 1): Linux routes all of 127/8 to the loopback. */
const loopbacks = (first: number, n: number) =>
  Array.from({ length: n }, (_, i) => `127.0.0.${first + i}`);

interface Held {
  open: number;
  refused: number;
}

/**
 * Idle connections to the port, opened by child processes (no process may hold more than the
 * descriptor limit), one share of the addresses each; answers what each holds once settled.
 */
function attack(port: number, shares: { addresses: string[]; count: number }[]) {
  const children: ChildProcess[] = [];
  const held = Promise.all(
    shares.map(
      (share) =>
        new Promise<Held>((resolve, reject) => {
          const child = fork(attacker, [JSON.stringify({ port, ...share })], {
            execArgv: ['--import', 'tsx'],
            stdio: 'ignore',
          });
          children.push(child);
          child.once('message', (message) => resolve(message as Held));
          child.once('exit', (code) => reject(new Error(`attacker exited with ${code}`)));
        }),
    ),
  );
  return { held, stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

/** GET /api/health on a new connection: the status and how long it took. */
function health(server: TestServer): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/health`, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 5 s')));
    request.on('error', reject);
  });
}

/** The API answers at once: the median of three fresh requests within 100 ms. */
async function expectApiAnswers(server: TestServer): Promise<void> {
  const answers = [await health(server), await health(server), await health(server)];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const [, median] = answers.map((a) => a.ms).sort((a, b) => a - b);
  expect(median).toBeLessThan(100);
}

/** Logs in as a real device does: a connection refused or closed is tried again. */
async function logIn(link: Gt06Link): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return void (await link.connect());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('device connections under attack', () => {
  let server: TestServer;
  let gateway: Gateway;
  let port: number;
  let link: Gt06Link;
  let stopAttack: () => void = () => undefined;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    let ports;
    ({ gateway, ports } = await startTestGateway(server, ['gt06']));
    port = ports.gt06!;
    const { id } = await registerDevice(server, '123456789012345', 'gt06');
    link = new Gt06Link(gateway, port, id);
    await health(server);
  });
  afterEach(async () => {
    stopAttack();
    link.close();
    await until(() => gateway.limits.pendingCount + gateway.limits.establishedCount === 0);
  });
  afterAll(async () => {
    await gateway.stop();
    await server.close();
  });

  it(
    'holds at most 500 idle connections of one address, and still answers the API and devices',
    { timeout: 60_000 },
    async () => {
      const { held, stop } = attack(port, [{ addresses: ['127.0.0.2'], count: 5000 }]);
      stopAttack = stop;
      const [{ open }] = (await held) as [Held];
      expect(open).toBeLessThanOrEqual(500);
      expect(gateway.limits.pendingCount).toBeLessThanOrEqual(500);
      const { addressFull, evicted } = gateway.stats.refused;
      expect(addressFull + evicted).toBeGreaterThanOrEqual(5000 - 500);
      await expectApiAnswers(server);
      await logIn(link);
      expect(gateway.limits.establishedCount).toBe(1);
    },
  );

  it(
    'keeps 20,000 idle connections from many addresses from taking every descriptor',
    { timeout: 90_000 },
    async () => {
      const before = { ...gateway.stats.refused };
      const { held, stop } = attack(port, [
        { addresses: loopbacks(10, 25), count: 10_000 },
        { addresses: loopbacks(40, 25), count: 10_000 },
      ]);
      stopAttack = stop;
      const open = (await held).reduce((sum, child) => sum + child.open, 0);
      await expectApiAnswers(server);
      await logIn(link);
      const { maxPending } = gateway.limits.options;
      expect(open).toBeLessThanOrEqual(maxPending);
      expect(gateway.limits.pendingCount).toBeLessThanOrEqual(maxPending);
      expect(gateway.limits.establishedCount).toBe(1);
      const { pendingFull, evicted } = gateway.stats.refused;
      expect(pendingFull + evicted - before.pendingFull - before.evicted).toBeGreaterThanOrEqual(
        20_000 - maxPending,
      );
    },
  );
});

describe('deadlines', () => {
  let server: TestServer;
  let gateway: Gateway;
  let ports: Record<string, number>;
  const sockets: net.Socket[] = [];

  const connect = (port: number) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    return socket;
  };
  /** Resolves when the server closes the socket, with what it wrote before. */
  const closed = (socket: net.Socket) =>
    new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.once('close', () => resolve(received));
    });

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      HTTP_REQUEST_TIMEOUT_S: '1',
      HTTP_HEADERS_TIMEOUT_S: '1',
    });
    ({ gateway, ports } = await startTestGateway(server, ['gt06', 'osmand'], [], {
      limits: { loginTimeoutMs: 500 },
      http: { requestTimeoutMs: 1000, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1000 },
    }));
    await registerDevice(server, '123456789012345', 'gt06');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await gateway.stop();
    await server.close();
  });

  it('closes a device connection that does not log in before the deadline', async () => {
    const silent = connect(ports.gt06!);
    const device = new Gt06Device(ports.gt06!);
    sockets.push(device.socket);
    const started = Date.now();
    const loggedIn = device.login();
    await closed(silent);
    expect(Date.now() - started).toBeLessThan(2000);
    await loggedIn;
    await sleep(700);
    expect(device.closed).toBe(false);
    expect(gateway.stats.refused.loginTimeout).toBe(1);
  });

  it('cuts an API request whose body never ends, and keeps answering', async () => {
    const slow = connect(Number(new URL(server.url).port));
    slow.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\napplicationId: 1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    const started = Date.now();
    const answer = await closed(slow);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await expectApiAnswers(server);
  });

  it('cuts an OsmAnd request whose body never ends, and counts it', async () => {
    const slow = connect(ports.osmand!);
    slow.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"id"');
    const started = Date.now();
    await closed(slow);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(gateway.stats.refused.httpTimeout).toBe(1);
  });
});
