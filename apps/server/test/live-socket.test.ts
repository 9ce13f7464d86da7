import net from 'node:net';
import { hexToBytes } from '@xunji/protocols';
import {
  LiveCloseCode,
  type LiveDeviceUpdate,
  type LiveDevicesMessage,
  type LiveServerMessage,
} from '@xunji/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AppError } from '../src/errors.js';
import { LocalEventBus } from '../src/bus/local-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { VisibilityChanges, type DeviceVisibility } from '../src/live/device-visibility.js';
import { LiveHub, type LiveSink } from '../src/live/live-hub.js';
import { liveSocket, type LiveSocketOptions } from '../src/live/live-socket.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';
import type { TokenService } from '../src/services/token.service.js';
import { alarmRaised } from './support/alarm-events.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

/** GT06 login and location of terminal 123456789012345 (protocols.md, gateway-tcp.test.ts). */
const GT06_LOGIN = '78780D01012345678901234500018CDD0D0A';
const GT06_LOCATION =
  '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const position = (deviceId: number, changes: Partial<PositionInsert> = {}): PositionInsert => ({
  deviceId,
  fixTime: Date.now(),
  serverTime: Date.now(),
  valid: 1,
  latitude: 22.54,
  longitude: 114.05,
  altitude: null,
  speed: 30,
  course: 90,
  lbsMode: 'gps',
  satellites: 8,
  battery: 70,
  acc: 1,
  mileage: 10,
  reupload: 0,
  attributes: null,
  ...changes,
});

/** A `ws` client that keeps every message, to wait for the ones a test expects. */
class Client {
  readonly messages: LiveServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private seen = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as LiveServerMessage));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
    const ws = new WebSocket(url, options);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The next message (after those already taken) that matches. */
  async next<T extends LiveServerMessage>(
    match: (message: LiveServerMessage) => message is T,
    timeoutMs = 3000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (; this.seen < this.messages.length; this.seen++) {
        const message = this.messages[this.seen]!;
        if (match(message)) {
          this.seen++;
          return message;
        }
      }
      if (Date.now() > deadline) throw new Error('no such message in time');
      await sleep(5);
    }
  }

  /** Every device update received so far. */
  updates(): LiveDeviceUpdate[] {
    return this.messages.flatMap((m) => (m.type === 'devices' ? m.updates : []));
  }

  close(): void {
    this.ws.close();
  }
}

const isType =
  <K extends LiveServerMessage['type']>(type: K) =>
  (message: LiveServerMessage): message is Extract<LiveServerMessage, { type: K }> =>
    message.type === type;
const ready = isType('ready');
const devices = isType('devices');
const error = isType('error');
const alarm = isType('alarm');
const updateOf =
  (id: number) =>
  (message: LiveServerMessage): message is LiveDevicesMessage =>
    message.type === 'devices' && message.updates.some((u) => u.id === id);

/** The plugin alone on a Fastify of its own, for short timings. */
async function startLiveApp(options: LiveSocketOptions) {
  const app = Fastify();
  app.decorateRequest('language', 'en');
  await app.register(liveSocket, { prefix: '/api', ...options });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `${address.replace('http', 'ws')}/api/socket` };
}

describe.each(testDialects())('live socket on %s', (dialect) => {
  let server: TestServer;
  let url: string;
  const nextPhone = phoneNumbers('135');
  let alice: { token: string; userId: number };
  let bob: { token: string; userId: number };
  let aliceDevice: number;
  let bobDevice: number;
  let spareDevice: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    url = `${server.url.replace('http', 'ws')}/api/socket`;
    const a = await registerUser(server, nextPhone());
    const b = await registerUser(server, nextPhone());
    alice = { token: a.token, userId: a.user.userId };
    bob = { token: b.token, userId: b.user.userId };
    aliceDevice = (await registerDevice(server, '861234560000001', 'gt06')).id;
    bobDevice = (await registerDevice(server, '861234560000002', 'gt06')).id;
    spareDevice = (await registerDevice(server, '861234560000003', 'gt06')).id;
    await server.repositories.devices.bind(alice.userId, aliceDevice, true, 'active', 0);
    await server.repositories.devices.bind(bob.userId, bobDevice, true, 'active', 0);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signedIn(user: { token: string }): Promise<{ client: Client; ids: number[] }> {
    const client = await Client.open(url);
    client.send({ type: 'auth', token: user.token, applicationId: 1 });
    const { deviceIds } = await client.next(ready);
    return { client, ids: deviceIds };
  }

  it('refuses a bad token: error 401, then closed with 4401', async () => {
    const client = await Client.open(url);
    client.send({ type: 'auth', token: 'forged.token', applicationId: 1 });
    expect(await client.next(error)).toMatchObject({ type: 'error', code: 401 });
    expect((await client.closed).code).toBe(LiveCloseCode.UNAUTHORIZED);
  });

  it('refuses a token of another application, and anything but auth first', async () => {
    const other = await Client.open(url);
    other.send({ type: 'auth', token: alice.token, applicationId: 2 });
    expect(await other.next(error)).toMatchObject({ code: 401 });
    expect((await other.closed).code).toBe(4401);

    const rude = await Client.open(url);
    rude.send({ type: 'subscribe', deviceIds: [bobDevice] });
    expect(await rude.next(error)).toMatchObject({ code: 1000 });
    expect((await rude.closed).code).toBe(4401);
  });

  it("sends a user their devices' events, and nobody else's", async () => {
    const a = await signedIn(alice);
    const b = await signedIn(bob);
    expect(a.ids).toEqual([aliceDevice]);
    expect(b.ids).toEqual([bobDevice]);

    server.events.publish({
      type: 'position',
      deviceId: aliceDevice,
      position: position(aliceDevice, { speed: 42 }),
    });
    const { updates } = await a.client.next(updateOf(aliceDevice));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      id: aliceDevice,
      deviceState: 1,
      status: 'moving',
      lonWGS84: 114.05,
      latWGS84: 22.54,
      lbsInfo: { speed: 42, battery: 70 },
    });

    server.events.publish({ type: 'status', deviceId: bobDevice, status: 'offline', at: 1 });
    server.events.publish(alarmRaised(aliceDevice, 2, 'sos'));
    expect(await b.client.next(updateOf(bobDevice))).toMatchObject({
      updates: [{ id: bobDevice, deviceState: 2, status: 'offline' }],
    });
    expect(await a.client.next(alarm)).toMatchObject({
      deviceId: aliceDevice,
      alarmId: 2,
      alarmType: 'sos',
    });
    await sleep(150);
    expect(b.client.updates().some((u) => u.id === aliceDevice)).toBe(false);
    expect(b.client.messages.some((m) => m.type === 'alarm')).toBe(false);
    expect(a.client.updates().some((u) => u.id === bobDevice)).toBe(false);
    a.client.close();
    b.client.close();
  });

  it('coalesces a burst: 10 events in 50 ms → one update with the latest values', async () => {
    const a = await signedIn(alice);
    await sleep(150);
    const before = a.client.messages.length;
    for (let i = 1; i <= 10; i++) {
      server.events.publish({
        type: 'position',
        deviceId: aliceDevice,
        position: position(aliceDevice, { fixTime: 1_000 + i, speed: i * 10, course: i }),
      });
      await sleep(5);
    }
    await a.client.next(updateOf(aliceDevice));
    await sleep(250);
    const received = a.client.messages.slice(before).filter(devices);
    expect(received).toHaveLength(1);
    expect(received[0]!.updates).toEqual([
      expect.objectContaining({
        id: aliceDevice,
        locateTime: 1_010,
        direction: 10,
        lbsInfo: expect.objectContaining({ speed: 100, locateTime: 1_010 }),
      }),
    ]);
    a.client.close();
  });

  it('carries what a real device reports through the gateway', async () => {
    const tracker = await registerDevice(server, '123456789012345', 'gt06');
    await server.repositories.devices.bind(bob.userId, tracker.id, true, 'active', 0);
    const b = await signedIn(bob);
    expect(b.ids).toContain(tracker.id);
    const { gateway, ports } = await startTestGateway(server, ['gt06']);
    const device = net.connect(ports.gt06!, '127.0.0.1');
    try {
      device.write(hexToBytes(GT06_LOGIN));
      device.write(hexToBytes(GT06_LOCATION));
      const { updates } = await b.client.next(updateOf(tracker.id), 5000);
      const update = updates.find((u) => u.id === tracker.id)!;
      expect(update.deviceState).toBe(1);
      expect(update.lonWGS84).toBeCloseTo(114.409, 3);
      expect(update.latWGS84).toBeCloseTo(23.1117, 3);
    } finally {
      device.destroy();
      await gateway.stop();
      b.client.close();
    }
  });

  it('recomputes the devices of a user whose bindings changed', async () => {
    const a = await signedIn(alice);
    // The stand-in and the access service both announce changes with changed(userId).
    const visibility = server.deviceVisibility as unknown as { changed(userId: number): void };

    await server.repositories.devices.bind(alice.userId, spareDevice, false, 'active', 0);
    visibility.changed(alice.userId);
    expect((await a.client.next(ready)).deviceIds).toEqual([aliceDevice, spareDevice]);
    server.events.publish({
      type: 'position',
      deviceId: spareDevice,
      position: position(spareDevice),
    });
    await a.client.next(updateOf(spareDevice));

    await server.repositories.devices.unbind(alice.userId, aliceDevice);
    visibility.changed(alice.userId);
    expect((await a.client.next(ready)).deviceIds).toEqual([spareDevice]);
    const before = a.client.messages.length;
    server.events.publish({
      type: 'position',
      deviceId: aliceDevice,
      position: position(aliceDevice),
    });
    server.events.publish({
      type: 'position',
      deviceId: spareDevice,
      position: position(spareDevice),
    });
    await a.client.next(updateOf(spareDevice));
    await sleep(150);
    const later = a.client.messages.slice(before).filter(devices);
    expect(later.flatMap((m) => m.updates).map((u) => u.id)).toEqual([spareDevice]);
    a.client.close();
    await server.repositories.devices.bind(alice.userId, aliceDevice, true, 'active', 0);
  });

  describe('with short timings', () => {
    let live: { app: FastifyInstance; url: string };

    beforeAll(async () => {
      live = await startLiveApp({
        events: server.events,
        tokens: server.services.tokens,
        visibility: server.deviceVisibility,
        authTimeoutMs: 200,
        recheckMs: 100,
        pingMs: 100,
      });
    });
    afterAll(async () => {
      await live?.app.close();
    });

    it('closes a socket that does not authenticate in time with 4401', async () => {
      const client = await Client.open(live.url);
      const started = Date.now();
      const { code } = await client.closed;
      expect(code).toBe(4401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    it('closes the socket of a revoked session at the next check', async () => {
      const user = await registerUser(server, nextPhone());
      const client = await Client.open(live.url);
      client.send({ type: 'auth', token: user.token, applicationId: 1 });
      await client.next(ready);
      await sleep(250);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
      await server.services.tokens.revokeAllForUser(user.user.userId);
      expect(await client.next(error)).toMatchObject({ code: 401 });
      expect((await client.closed).code).toBe(4401);
    });

    it('terminates a socket that stops answering pings', async () => {
      const client = await Client.open(live.url, { autoPong: false });
      client.send({ type: 'auth', token: alice.token, applicationId: 1 });
      await client.next(ready);
      expect((await client.closed).code).toBe(1006);
    });
  });
});

/** A TokenService that knows one token per user. */
const fakeTokens = (users: Record<string, number>): Pick<TokenService, 'authenticate'> => ({
  async authenticate(token: string) {
    const userId = users[token];
    if (userId === undefined) throw new AppError('UNAUTHORIZED');
    return {
      session: {
        id: token,
        userId,
        applicationId: 1,
        pushClientId: null,
        systemInfo: null,
        createdAt: 0,
        expiresAt: Number.MAX_SAFE_INTEGER,
        revokedAt: null,
      },
      renewedToken: undefined,
    };
  },
});

class FakeVisibility extends VisibilityChanges implements DeviceVisibility {
  constructor(readonly devices: Map<number, Set<number>>) {
    super();
  }
  async visibleDevices(userId: number): Promise<Map<number, number>> {
    return watched(...(this.devices.get(userId) ?? []));
  }
}

/** Devices watched since the beginning (their bindings older than any data of the test). */
const watched = (...ids: number[]) => new Map(ids.map((id) => [id, 0]));

describe('live hub', () => {
  const silent = Fastify().log;

  it('keeps coalescing for a socket with a full buffer, then sends only the latest', () => {
    const events = new LocalEventBus<GatewayEvent>(() => undefined);
    const hub = new LiveHub(events, silent, {
      flushMs: 100,
      maxBufferedBytes: 1000,
      maxQueuedMessages: 2,
    });
    const sent: string[] = [];
    const sink: LiveSink & { bufferedAmount: number } = {
      open: true,
      bufferedAmount: 5000,
      send: (text) => sent.push(text),
    };
    const subscription = hub.attach(sink);
    hub.watch(subscription, watched(1, 2));
    expect(events.active).toBe(true);
    for (let i = 1; i <= 50; i++) {
      events.publish({ type: 'position', deviceId: 1, position: position(1, { speed: i }) });
      events.publish({ type: 'position', deviceId: 3, position: position(3) });
    }
    const alarms = ['sos', 'lowPower', 'powerOff', 'vibration', 'fall'];
    for (const [i, name] of alarms.entries()) events.publish(alarmRaised(2, i + 1, name));
    hub.flush();
    expect(sent).toEqual([]);
    sink.bufferedAmount = 0;
    hub.flush();
    const messages = sent.map((text) => JSON.parse(text) as LiveServerMessage);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatchObject({
      type: 'devices',
      updates: [{ id: 1, lbsInfo: { speed: 50 } }],
    });
    expect(messages.slice(1)).toMatchObject([{ alarmType: 'vibration' }, { alarmType: 'fall' }]);
    hub.detach(subscription);
    expect(events.active).toBe(false);
  });

  /** A hub with room for every message, whose events rethrow what a listener throws. */
  function roomyHub() {
    const events = new LocalEventBus<GatewayEvent>((e) => {
      throw e;
    });
    const hub = new LiveHub(events, silent, {
      flushMs: 100,
      maxBufferedBytes: 1e6,
      maxQueuedMessages: 10,
    });
    return { events, hub };
  }

  it('survives a failing sink and keeps serving the others', () => {
    const { events, hub } = roomyHub();
    const good: string[] = [];
    const bad = hub.attach({
      open: true,
      bufferedAmount: 0,
      send: () => {
        throw new Error('gone');
      },
    });
    const fine = hub.attach({ open: true, bufferedAmount: 0, send: (text) => good.push(text) });
    hub.watch(bad, watched(1));
    hub.watch(fine, watched(1));
    events.publish({ type: 'position', deviceId: 1, position: position(1) });
    expect(() => hub.flush()).not.toThrow();
    expect(good).toHaveLength(1);
    hub.close();
  });

  it('keeps fixes and alarms from before the binding off the socket (a late blind-area upload)', () => {
    const { events, hub } = roomyHub();
    const sent: string[] = [];
    const subscription = hub.attach({ open: true, bufferedAmount: 0, send: (t) => sent.push(t) });
    const boundAt = Date.now() - 60_000;
    hub.watch(subscription, new Map([[1, boundAt]]));
    events.publish({
      type: 'position',
      deviceId: 1,
      position: position(1, { fixTime: boundAt - 1 }),
    });
    events.publish(alarmRaised(1, 7, 'sos', { alarmTime: boundAt - 1 }));
    hub.flush();
    expect(sent).toEqual([]);
    events.publish({ type: 'position', deviceId: 1, position: position(1, { fixTime: boundAt }) });
    events.publish(alarmRaised(1, 8, 'sos', { alarmTime: boundAt }));
    hub.flush();
    const messages = sent.map((text) => JSON.parse(text) as LiveServerMessage);
    expect(messages).toMatchObject([
      { type: 'devices', updates: [{ id: 1, lbsInfo: { locateTime: boundAt } }] },
      { type: 'alarm', alarmId: 8 },
    ]);
    hub.close();
  });
});

describe('live socket latency', () => {
  it('1,000 devices reporting every second to one client: p95 event-to-socket ≤ 200 ms', async () => {
    const events = new LocalEventBus<GatewayEvent>(() => undefined);
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const live = await startLiveApp({
      events,
      tokens: fakeTokens({ t: 1 }),
      visibility: new FakeVisibility(new Map([[1, new Set(ids)]])),
    });
    try {
      const client = await Client.open(live.url);
      client.send({ type: 'auth', token: 't', applicationId: 1 });
      await client.next(ready);
      const latencies: number[] = [];
      client.ws.on('message', (data) => {
        const now = Date.now();
        const message = JSON.parse(String(data)) as LiveServerMessage;
        if (message.type !== 'devices') return;
        for (const update of message.updates) latencies.push(now - update.locateTime!);
      });
      // Each device reports once a second, the fleet spread evenly: 50 devices every 50 ms.
      const seconds = 3;
      for (let tick = 0; tick < seconds * 20; tick++) {
        const now = Date.now();
        for (let i = 0; i < 50; i++) {
          const deviceId = ids[(tick * 50 + i) % 1000]!;
          events.publish({
            type: 'position',
            deviceId,
            position: position(deviceId, { fixTime: now, serverTime: now }),
          });
        }
        await sleep(50);
      }
      await sleep(300);
      latencies.sort((a, b) => a - b);
      const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
      const p50 = latencies[Math.floor(latencies.length * 0.5)]!;
      console.warn(
        `live socket latency: ${latencies.length} updates, p50 ${p50} ms, p95 ${p95} ms, max ${latencies.at(-1)} ms`,
      );
      expect(latencies.length).toBe(seconds * 1000);
      expect(p95).toBeLessThanOrEqual(200);
      client.close();
    } finally {
      await live.app.close();
    }
  });

  it('sends only what the visibility allows, and follows its changes', async () => {
    const events = new LocalEventBus<GatewayEvent>(() => undefined);
    const visibility = new FakeVisibility(new Map([[1, new Set([10])]]));
    const live = await startLiveApp({ events, tokens: fakeTokens({ t: 1 }), visibility });
    try {
      const client = await Client.open(live.url);
      client.send({ type: 'auth', token: 't', applicationId: 1 });
      expect((await client.next(ready)).deviceIds).toEqual([10]);
      visibility.devices.set(1, new Set([10, 11]));
      visibility.changed(1);
      visibility.changed(2);
      expect((await client.next(ready)).deviceIds).toEqual([10, 11]);
      events.publish({ type: 'status', deviceId: 11, status: 'online', at: 5 });
      await client.next(updateOf(11));
      client.close();
    } finally {
      await live.app.close();
    }
  });
});
