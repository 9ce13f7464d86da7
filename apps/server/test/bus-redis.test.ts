import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_EVENTS_CHANNEL, gatewayEventStaysLocal } from '../src/bus/gateway-bus.js';
import { RedisEventBus } from '../src/bus/redis-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';
import { until } from './support/gt06-device.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function position(deviceId: number, fixTime: number): PositionInsert {
  return {
    deviceId,
    fixTime,
    serverTime: fixTime + 800,
    valid: 1,
    latitude: 31.230416,
    longitude: 121.473701,
    altitude: null,
    speed: 42.5,
    course: 270,
    lbsMode: 'gps',
    satellites: 9,
    battery: 87,
    acc: 1,
    mileage: 1234.567,
    reupload: 0,
    attributes: '{"alarms":["sos"]}',
  };
}

const media: GatewayEvent = {
  type: 'media',
  deviceId: 1,
  chunk: {
    type: 'mediaChunk',
    mediaId: '7',
    format: 'amr',
    index: 0,
    total: 1,
    data: Buffer.from('#!AMR\n'),
  },
};

describe('event bus on Redis', () => {
  const open: RedisEventBus<GatewayEvent>[] = [];
  const errors: unknown[] = [];
  // Each test on its own channel, as two clusters sharing one Redis would be.
  let channel = '';

  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
    errors.length = 0;
  });

  async function connectBus(): Promise<RedisEventBus<GatewayEvent>> {
    const bus = await RedisEventBus.connect<GatewayEvent>({
      url: REDIS_URL,
      channel,
      staysLocal: gatewayEventStaysLocal,
      onListenerError: (error) => errors.push(error),
      onError: (error) => errors.push(error),
    });
    open.push(bus);
    return bus;
  }

  function received(bus: RedisEventBus<GatewayEvent>): GatewayEvent[] {
    const events: GatewayEvent[] = [];
    bus.subscribe((event) => events.push(event));
    return events;
  }

  /** Two buses as two processes would have them, on a channel of their own. */
  async function twoProcesses() {
    channel = `${GATEWAY_EVENTS_CHANNEL}:test:${randomUUID()}`;
    return [await connectBus(), await connectBus()] as const;
  }

  it('carries events to the other process in order, and to its own listeners once, at once', async () => {
    const [gateway, api] = await twoProcesses();
    const own = received(gateway);
    const other = received(api);
    const events: GatewayEvent[] = [
      { type: 'position', deviceId: 1, position: position(1, 1_700_000_000_000) },
      { type: 'stored', deviceId: 1, from: 1_700_000_000_000, to: 1_700_000_000_000 },
      { type: 'status', deviceId: 1, status: 'offline', at: 1_700_000_060_000 },
    ];
    for (const event of events) gateway.publish(event);
    expect(own).toEqual(events);
    await until(() => other.length === events.length);
    expect(other).toEqual(events);
    // Its own messages come back from Redis too, and are skipped.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(own).toHaveLength(events.length);
    expect(gateway.counts).toEqual({ published: 3, received: 0, dropped: 0 });
    expect(api.counts).toEqual({ published: 0, received: 3, dropped: 0 });
    expect(errors).toEqual([]);
  });

  it("gives an own-events subscriber only its process's events, with everyone else's to the rest", async () => {
    const [gatewayA, gatewayB] = await twoProcesses();
    const ownAtA: GatewayEvent[] = [];
    gatewayA.subscribeOwn((event) => ownAtA.push(event));
    const allAtA = received(gatewayA);
    gatewayB.publish({ type: 'status', deviceId: 4, status: 'online', at: 1 });
    gatewayA.publish({ type: 'status', deviceId: 5, status: 'online', at: 2 });
    await until(() => allAtA.length === 2);
    expect(allAtA.map((event) => event.deviceId)).toEqual([5, 4]);
    expect(ownAtA.map((event) => event.deviceId)).toEqual([5]);
  });

  it('keeps media packets in the process that received them', async () => {
    const [gateway, api] = await twoProcesses();
    const own = received(gateway);
    const other = received(api);
    gateway.publish(media);
    gateway.publish({ type: 'switches', deviceId: 1, cut: true });
    await until(() => other.length === 1);
    expect(other).toEqual([{ type: 'switches', deviceId: 1, cut: true }]);
    expect(own.map((event) => event.type)).toEqual(['media', 'switches']);
  });

  it('works both ways, and a listener that throws does not stop the others', async () => {
    const [a, b] = await twoProcesses();
    a.subscribe(() => {
      throw new Error('broken listener');
    });
    const atA = received(a);
    const atB = received(b);
    b.publish({ type: 'status', deviceId: 2, status: 'online', at: 1 });
    a.publish({ type: 'status', deviceId: 3, status: 'online', at: 2 });
    await until(() => atA.length === 2 && atB.length === 2);
    expect(atA.map((event) => event.deviceId)).toEqual([3, 2]);
    expect(atB.map((event) => event.deviceId)).toEqual([2, 3]);
    expect(errors).toEqual([new Error('broken listener'), new Error('broken listener')]);
  });

  it('ignores messages of another version, reporting each version once', async () => {
    channel = `${GATEWAY_EVENTS_CHANNEL}:test:${randomUUID()}`;
    const api = await connectBus();
    const events = received(api);
    const raw = new Redis(REDIS_URL);
    try {
      const future = JSON.stringify({ v: 2, o: 'next-release', events: [{ type: 'status' }] });
      await raw.publish(channel, future);
      await raw.publish(channel, future);
      await raw.publish(
        channel,
        JSON.stringify({
          v: 1,
          o: 'other',
          events: [{ type: 'status', deviceId: 5, status: 'online', at: 3 }],
        }),
      );
    } finally {
      raw.disconnect();
    }
    await until(() => events.length === 1);
    expect(events).toEqual([{ type: 'status', deviceId: 5, status: 'online', at: 3 }]);
    expect(errors).toEqual([new Error('event bus: message ignored (version)')]);
  });

  it('sends what was published before it closed', async () => {
    const [gateway, api] = await twoProcesses();
    const other = received(api);
    gateway.publish({ type: 'status', deviceId: 4, status: 'offline', at: 5 });
    await gateway.close();
    await until(() => other.length === 1);
  });

  it('fails to connect at once when Redis cannot be reached', async () => {
    const refused = RedisEventBus.connect<GatewayEvent>({
      url: 'redis://127.0.0.1:1',
      channel: 'nowhere',
      onListenerError: (error) => errors.push(error),
      onError: (error) => errors.push(error),
    });
    await expect(refused).rejects.toThrow('event bus: Redis could not be reached');
  });

  it('carries 10,000 positions published at once in a few messages, in order', async () => {
    const [gateway, api] = await twoProcesses();
    const other = received(api);
    let messages = 0;
    const raw = new Redis(REDIS_URL);
    raw.on('message', () => messages++);
    await raw.subscribe(channel);
    try {
      const started = Date.now();
      for (let i = 0; i < 10_000; i++) {
        gateway.publish({ type: 'position', deviceId: i % 100, position: position(i % 100, i) });
      }
      await until(() => other.length === 10_000);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(
        other.map((event) => (event.type === 'position' ? event.position.fixTime : -1)),
      ).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
      await until(() => messages === 10);
    } finally {
      raw.disconnect();
    }
  });
});
