import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../e2e/support/start-server.js';
import { RedisEventBus } from '../src/bus/redis-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { until } from './support/gt06-device.js';

/** A Redis of this test's own, that it can stop and start again on the same port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event bus on a Redis that goes away', () => {
  let port = 0;
  let redis: ChildProcess;
  const buses: RedisEventBus<GatewayEvent>[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    errors.length = 0;
  });

  afterAll(async () => stopRedis(redis));

  async function connect(channel: string): Promise<RedisEventBus<GatewayEvent>> {
    const bus = await RedisEventBus.connect<GatewayEvent>({
      url: `redis://127.0.0.1:${port}`,
      channel,
      onListenerError: (error) => errors.push(error),
      onError: (error) => errors.push(error),
    });
    buses.push(bus);
    return bus;
  }

  /** A gateway and an API process; the gateway publishes a device's status every 10 ms, numbered by `at`. */
  async function streaming(channel: string) {
    const gateway = await connect(channel);
    const api = await connect(channel);
    const seen: number[] = [];
    api.subscribe((event) => {
      if (event.type === 'status') seen.push(event.at);
    });
    const resyncs = { gateway: 0, api: 0 };
    gateway.onResync(() => resyncs.gateway++);
    api.onResync(() => resyncs.api++);
    let next = 0;
    const timer = setInterval(() => {
      gateway.publish({ type: 'status', deviceId: 1, status: 'online', at: next++ });
    }, 10);
    await until(() => seen.length >= 10);
    return { gateway, seen, resyncs, next: () => next, stop: () => clearInterval(timer) };
  }

  it('delivers again after Redis restarts, and tells both processes to resync', async () => {
    const { gateway, seen, resyncs, next, stop } = await streaming('restart');
    try {
      await stopRedis(redis);
      const lastBefore = next() - 1;
      await sleep(300);
      redis = await startRedis(port);
      await until(() => resyncs.api >= 1 && resyncs.gateway >= 1);
      await until(() => seen.some((at) => at > lastBefore));
      // Nothing published once both are back is lost.
      const resumedAt = next();
      await until(() => seen.includes(resumedAt + 20));
      for (let at = resumedAt; at <= resumedAt + 20; at++) expect(seen).toContain(at);
    } finally {
      stop();
    }
    // What was published while Redis was away is gone, not late: still in order, never twice.
    expect(seen.every((at, i) => i === 0 || at > seen[i - 1]!)).toBe(true);
    expect(gateway.counts.dropped).toBeGreaterThan(0);
    expect(errors).toContainEqual(new Error('event bus: events dropped, Redis unreachable'));
  });

  it('has the others resync when only the publisher lost its connection', async () => {
    const { gateway, seen, resyncs, stop } = await streaming('publisher-cut');
    const admin = new Redis(`redis://127.0.0.1:${port}`);
    try {
      // Normal connections are the publishers (and this one, skipped); subscribers stay.
      await admin.client('KILL', 'TYPE', 'normal');
      await until(() => gateway.counts.dropped > 0);
      await until(() => resyncs.api === 1);
      const after = seen.length;
      await until(() => seen.length > after);
    } finally {
      stop();
      admin.disconnect();
    }
    expect(resyncs.gateway).toBe(0);
  });
});
