import { decodeTrack, type TrackInfo } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { TrackCache, type TrackPoints } from '../src/history/track-cache.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import {
  bindingSince,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const points = (json: string, maxSpeed = 0): TrackPoints => ({ json, maxSpeed });

/** A read that finishes when told to. */
function deferred() {
  let finish!: (value: TrackPoints) => void;
  const promise = new Promise<TrackPoints>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe('track cache', () => {
  const DAY = 86_400_000;
  const clock = { now: () => 0 };

  it('answers from memory until positions of the window are stored', async () => {
    const cache = new TrackCache(1000, 60_000, clock);
    let reads = 0;
    const read = async () => points(`[${++reads}]`);
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[1]');
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[1]');
    // Another device, another day of the device: not this window.
    cache.stored(2, 100, 200);
    cache.stored(1, DAY + 1, DAY + 500);
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[1]');
    // The window's bounds belong to it.
    cache.stored(1, DAY, DAY + 500);
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[2]');
    expect(cache.stats).toMatchObject({ hits: 2, reads: 2, dropped: 1 });
  });

  it('keeps an entry for its time to live only', async () => {
    let now = 0;
    const cache = new TrackCache(1000, 60_000, { now: () => now });
    let reads = 0;
    const read = async () => points(`[${++reads}]`);
    await cache.get(1, 0, DAY, read);
    now += 59_999;
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[1]');
    now += 1;
    expect((await cache.get(1, 0, DAY, read)).json).toBe('[2]');
  });

  it('drops the least recently used beyond its size, and never keeps what is too large', async () => {
    const cache = new TrackCache(10, 60_000, clock);
    const read = (json: string) => async () => points(json);
    await cache.get(1, 0, 1, read('"a"'));
    await cache.get(2, 0, 1, read('"b"'));
    await cache.get(1, 0, 1, read('"new"')); // used: device 2 is now the oldest
    await cache.get(3, 0, 1, read('"cccc"'));
    expect(cache.size).toBe(9);
    expect(cache.stats.evicted).toBe(1);
    expect((await cache.get(1, 0, 1, read('"new"'))).json).toBe('"a"');
    expect((await cache.get(2, 0, 1, read('"new"'))).json).toBe('"new"');
    await cache.get(4, 0, 1, read('"far too large"'));
    expect((await cache.get(4, 0, 1, read('"x"'))).json).toBe('"x"');
  });

  it('shares one read among callers, and does not keep a read the window was stored during', async () => {
    const cache = new TrackCache(1000, 60_000, clock);
    const first = deferred();
    const a = cache.get(1, 0, DAY, () => first.promise);
    const b = cache.get(1, 0, DAY, () => Promise.reject(new Error('not asked')));
    cache.stored(1, 500, 500);
    // Asked after the store: reads again, as the first read may have missed it.
    const second = deferred();
    const c = cache.get(1, 0, DAY, () => second.promise);
    first.finish(points('[1]'));
    second.finish(points('[1,2]'));
    expect([(await a).json, (await b).json, (await c).json]).toEqual(['[1]', '[1]', '[1,2]']);
    expect((await cache.get(1, 0, DAY, () => first.promise)).json).toBe('[1,2]');
    expect(cache.stats.reads).toBe(2);
  });
});

describe.each(testDialects())('cached tracks through the gateway on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const started = await startTestGateway(server, ['osmand']);
    gateway = started.gateway;
    base = `http://127.0.0.1:${started.ports.osmand}`;
  });
  afterAll(async () => {
    await gateway.stop();
    await server.close();
  });

  async function ownedDevice(terminalNo: string, phone: string) {
    const device = await registerDevice(server, terminalNo, 'osmand');
    const { token, user } = await registerUser(server, phone);
    const bound = await server.call('POST', '/terminal/bind', {
      token,
      body: { terminalNo, password: transport('123456') },
    });
    expect(bound.body.code).toBe(0);
    // The fixes of these tests lie before the bind.
    await bindingSince(server, user.userId, device.id, 0);
    return { deviceId: device.id, token };
  }

  /** A fix sent as an OsmAnd device does; answered once stored and published. */
  async function send(terminalNo: string, time: number, latitude: number) {
    const query = `id=${terminalNo}&timestamp=${time / 1000}&lat=${latitude}&lon=121.4737`;
    expect((await fetch(`${base}/?${query}`, { method: 'POST' })).status).toBe(200);
  }

  it('answers a new fix of a cached window at once, and keeps it for fixes elsewhere', async () => {
    const mine = await ownedDevice('900000000000011', '13711110001');
    await registerDevice(server, '900000000000012', 'osmand');
    const now = Math.floor(server.clock.now() / 1000) * 1000;
    const window = { start: now - 3600_000, end: now + 3600_000 };
    const times = [now - 1800_000, now - 1790_000, now - 1780_000];
    for (const [i, time] of times.entries()) await send('900000000000011', time, 31.23 + i / 1e4);
    const track = async () => {
      const { body } = await server.call<TrackInfo>(
        'GET',
        `/v2/track/info?terminalId=${mine.deviceId}&startTime=${window.start}&endTime=${window.end}`,
        { token: mine.token },
      );
      return decodeTrack(body.data.points);
    };
    const { stats } = server.services.trackCache;
    expect((await track()).count).toBe(3);
    const reads = stats.reads;
    expect((await track()).count).toBe(3);
    expect(stats.reads).toBe(reads);

    // Another device's fix in the window, and a late fix of this device before it.
    await send('900000000000012', now - 1000_000, 31.3);
    await send('900000000000011', window.start - 600_000, 31.2);
    expect((await track()).count).toBe(3);
    expect(stats.reads).toBe(reads);

    await send('900000000000011', now - 600_000, 31.24);
    const after = await track();
    expect(after.count).toBe(4);
    expect(after.time[3]).toBe(now - 600_000);
    expect(stats.reads).toBe(reads + 1);
  });
});
