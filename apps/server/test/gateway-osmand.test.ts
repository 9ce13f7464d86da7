import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe.each(testDialects())('OsmAnd gateway on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let base: string;
  let deviceId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const started = await startTestGateway(server, ['osmand'], [], {
      idleTimeoutMs: { osmand: 300 },
    });
    gateway = started.gateway;
    base = `http://127.0.0.1:${started.ports.osmand}`;
    deviceId = (await registerDevice(server, '900000000000001', 'osmand')).id;
  });
  afterAll(async () => {
    await gateway.stop();
    await server.close();
  });

  const send = (query: string) => fetch(`${base}/?${query}`, { method: 'POST' });
  const nowSeconds = () => Math.floor(server.clock.now() / 1000);
  const stored = () => server.repositories.positions.listForDevice(deviceId);

  it('stores a position before answering 200, and the device is online with it', async () => {
    const t = nowSeconds() - 60;
    const response = await send(
      `id=900000000000001&timestamp=${t}&lat=31.2304&lon=121.4737&speed=10&bearing=45&batt=80`,
    );
    expect(response.status).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fixTime: t * 1000,
      latitude: 31.2304,
      longitude: 121.4737,
      course: 45,
      battery: 80,
      valid: 1,
    });
    expect(rows[0]!.speed).toBeCloseTo(18.52, 6);
    const state = await server.repositories.positions.findState(deviceId);
    expect(state).toMatchObject({ status: 'online', locateTime: t * 1000, latitude: 31.2304 });
  });

  it('stores a re-sent position once and still answers 200', async () => {
    const query = `id=900000000000001&timestamp=${nowSeconds() - 30}&lat=31.24&lon=121.48`;
    expect((await send(query)).status).toBe(200);
    expect((await send(query)).status).toBe(200);
    expect((await stored()).filter((r) => r.latitude === 31.24)).toHaveLength(1);
  });

  it('acknowledges but does not keep an invalid fix or one from the future', async () => {
    const before = (await stored()).length;
    expect(
      (
        await send(
          `id=900000000000001&timestamp=${nowSeconds() - 20}&lat=31.3&lon=121.5&valid=false`,
        )
      ).status,
    ).toBe(200);
    expect(
      (await send(`id=900000000000001&timestamp=${nowSeconds() + 3600}&lat=31.3&lon=121.5`)).status,
    ).toBe(200);
    expect(await stored()).toHaveLength(before);
    expect(gateway.pipeline.rejected).toMatchObject({ invalidFix: 1, future: 1 });
  });

  it('keeps a late re-upload without moving the device back', async () => {
    const late = nowSeconds() - 3600;
    expect((await send(`id=900000000000001&timestamp=${late}&lat=30&lon=120`)).status).toBe(200);
    expect((await stored()).some((r) => r.fixTime === late * 1000)).toBe(true);
    const state = await server.repositories.positions.findState(deviceId);
    expect(state?.latitude).not.toBe(30);
  });

  it('marks a device offline after its silence timeout', async () => {
    expect((await send(`id=900000000000001&lat=31.25&lon=121.45`)).status).toBe(200);
    expect((await server.repositories.positions.findState(deviceId))?.status).toBe('online');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await server.repositories.positions.findState(deviceId))?.status).toBe('offline');
  });

  it('refuses an unknown device with 404 and a malformed request with 400, counting both', async () => {
    expect((await send(`id=unknown-1&lat=1&lon=2`)).status).toBe(404);
    expect((await send(`lat=1&lon=2`)).status).toBe(400);
    expect(gateway.stats).toMatchObject({ unknownDevices: 1, malformedFrames: 1 });
  });

  it('takes the JSON body of the Traccar Client', async () => {
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: '900000000000001',
        location: {
          timestamp: new Date(server.clock.now() - 10_000).toISOString(),
          coords: { latitude: 22.5, longitude: 114.05, speed: 2 },
        },
      }),
    });
    expect(response.status).toBe(200);
    expect(
      (await stored()).some((r) => r.latitude === 22.5 && Math.abs(r.speed - 7.2) < 1e-9),
    ).toBe(true);
  });
});
