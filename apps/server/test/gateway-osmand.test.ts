import http from 'node:http';
import net from 'node:net';
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
  const isoAgo = (ms: number) => new Date(server.clock.now() - ms).toISOString();
  const port = () => Number(new URL(base).port);

  /** Raw requests written on one connection; answers the status codes of the responses read. */
  const onOneConnection = (requests: string[]): Promise<number[]> =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port(), '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
        if (statuses.length === requests.length) {
          socket.end();
          resolve(statuses);
        }
      });
      socket.on('error', reject);
      socket.write(requests.join(''));
    });
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

  it('stores the Traccar Client 9.x body as the app sends it (real frame, time moved to now)', async () => {
    // traccar/traccar OsmAndProtocolDecoderTest.java, testDecodeJson (Android phone moving).
    const body = {
      location: {
        event: 'motionchange',
        is_moving: false,
        uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
        timestamp: isoAgo(5_000),
        odometer: 0,
        coords: {
          latitude: -6.1148096,
          longitude: 106.6837015,
          accuracy: 3.8,
          speed: 18.67,
          speed_accuracy: 0.26,
          heading: 63,
          heading_accuracy: 0.28,
          altitude: 35.7,
          altitude_accuracy: 3.8,
        },
        activity: { type: 'still', confidence: 100 },
        battery: { is_charging: false, level: 0.79 },
        extras: {},
        _: '&id=48241179&lat=-6.1148096&lon=106.6837015&timestamp=2021-07-21T08:06:34.444Z&',
      },
      device_id: '900000000000001',
    };
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    const row = (await stored()).find((r) => r.latitude === -6.1148096);
    expect(row).toMatchObject({ longitude: 106.6837015, course: 63, battery: 79, valid: 1 });
    expect(row!.speed).toBeCloseTo(67.212, 6);
  });

  it('stores a form body (Traccar Client 10, GPSLogger POST) and a batch of reports', async () => {
    const form = new URLSearchParams({
      id: '900000000000001',
      lat: '22.51',
      lon: '114.01',
      timestamp: String(nowSeconds() - 50),
      speed: '5.4',
      batt: '66',
      charge: 'true',
    });
    expect((await fetch(base, { method: 'POST', body: form })).status).toBe(200);
    expect((await stored()).some((r) => r.latitude === 22.51 && r.battery === 66)).toBe(true);
    const batch = [1, 2, 3].map((i) => ({
      id: '900000000000001',
      lat: 22.6 + i / 100,
      lon: 114.1,
      timestamp: nowSeconds() - 45 + i,
    }));
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(200);
    expect((await stored()).filter((r) => r.latitude > 22.6 && r.latitude < 22.64)).toHaveLength(3);
  });

  it('answers several requests on one kept-alive connection, GET and POST', async () => {
    const form = `id=900000000000001&lat=22.71&lon=114.2&timestamp=${nowSeconds() - 40}`;
    const statuses = await onOneConnection([
      `GET /?id=900000000000001&lat=22.7&lon=114.2&timestamp=${nowSeconds() - 41} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
      `GET /?lat=1&lon=2 HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]);
    expect(statuses).toEqual([200, 200, 400]);
    const rows = await stored();
    expect(rows.some((r) => r.latitude === 22.7)).toBe(true);
    expect(rows.some((r) => r.latitude === 22.71)).toBe(true);
  });

  it('reads a chunked body, and a body without a content type', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: port(), method: 'POST', path: '/' },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.write(`{"device_id":"900000000000001","location":{"timestamp":"${isoAgo(30_000)}",`);
      request.end('"coords":{"latitude":22.81,"longitude":114.3,"speed":0}}}');
    });
    expect(status).toBe(200);
    expect((await stored()).some((r) => r.latitude === 22.81)).toBe(true);
  });

  it('acknowledges a report without coordinates and stores no position for it', async () => {
    const before = (await stored()).length;
    expect((await send('id=900000000000001&batt=40&charge=false')).status).toBe(200);
    expect(await stored()).toHaveLength(before);
  });
});
