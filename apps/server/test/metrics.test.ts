import { hexToBytes } from '@xunji/protocols';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Device, Gt06Link, until } from './support/gt06-device.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A GT06 location of 2015-12-29 (gateway-tcp.test.ts). */
const GT06_LOCATION =
  '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A';
/** The login of an IMEI nobody registered. */
const UNKNOWN_LOGIN = '78780D01086471700328358100093F040D0A';

/** The exposition's samples by series (`name{labels}`), as Prometheus reads them. */
async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return { response, samples };
}

describe.each(testDialects())('/metrics on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let ports: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ gateway, ports } = await startTestGateway(server, ['gt06', 'osmand'], [], {
      metrics: server.metrics.gateway,
    }));
  });
  afterAll(async () => {
    await gateway.stop();
    await server.close();
  });

  it('counts what a device sent, what was refused, HTTP calls, sockets and deliveries', async () => {
    const { id } = await registerDevice(server, '123456789012345', 'gt06');
    const link = new Gt06Link(gateway, ports.gt06!, id);
    const device = await link.connect();
    device.socket.write(hexToBytes(GT06_LOCATION));
    await device.heartbeat(0x00);
    await until(async () => (await server.repositories.positions.listForDevice(id)).length === 1);
    await registerDevice(server, '900000000000001', 'osmand');
    const report = `id=900000000000001&timestamp=${Math.floor(Date.now() / 1000) - 60}&lat=31.23&lon=121.47`;
    const answer = await fetch(`http://127.0.0.1:${ports.osmand}/?${report}`, { method: 'POST' });
    expect(answer.status).toBe(200);
    const stranger = new Gt06Device(ports.gt06!);
    stranger.socket.write(hexToBytes(UNKNOWN_LOGIN));
    await until(() => stranger.closed);

    expect((await server.call('GET', '/health')).status).toBe(200);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket`);
    await new Promise((resolve) => socket.once('open', resolve));
    await server.repositories.notifications.enqueue([
      {
        alarmId: null,
        channel: 'push',
        recipient: 'no-such-client',
        language: 'en',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        sentAt: null,
        lastError: null,
        createdAt: Date.now(),
      },
    ]);

    const before = await scrape(server);
    expect(before.response.status).toBe(200);
    expect(before.response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(before.samples.get('xunji_notification_jobs_pending')).toBe(1);
    expect(before.samples.get('xunji_live_sockets')).toBe(1);

    await server.services.notificationWorker.drain();
    socket.close();
    await until(async () => (await scrape(server)).samples.get('xunji_live_sockets') === 0);
    const { samples } = await scrape(server);
    expect(samples.get('xunji_positions_stored_total{protocol="gt06"}')).toBe(1);
    expect(samples.get('xunji_positions_stored_total{protocol="osmand"}')).toBe(1);
    expect(samples.get('xunji_positions_stored_total{protocol="jt808"}')).toBe(0);
    expect(samples.get('xunji_devices_connected{protocol="gt06"}')).toBe(1);
    expect(samples.get('xunji_devices_connected{protocol="osmand"}')).toBe(1);
    expect(samples.get('xunji_frames_rejected_total{reason="unknownDevice"}')).toBe(1);
    expect(samples.get('xunji_frames_rejected_total{reason="malformed"}')).toBe(0);
    expect(samples.get('xunji_frames_crc_mismatch_total')).toBe(0);
    expect(samples.get('xunji_connections_refused_total{reason="loginTimeout"}')).toBe(0);
    expect(samples.get('xunji_positions_filtered_total{reason="duplicate"}')).toBe(0);
    // GT06: the login's and the heartbeat's acks (a location has none); OsmAnd: its 200.
    expect(samples.get('xunji_ack_latency_seconds_count')).toBe(3);
    expect(samples.get('xunji_ack_latency_seconds_bucket{le="+Inf"}')).toBe(
      samples.get('xunji_ack_latency_seconds_count'),
    );
    expect(samples.get('xunji_batch_positions_sum')).toBe(2);
    expect(samples.get('xunji_batch_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(
      samples.get(
        'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBe(1);
    expect(samples.get('xunji_alarm_deliveries_total{channel="push",result="gone"}')).toBe(1);
    expect(samples.get('xunji_notification_jobs_pending')).toBe(0);
    expect(samples.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.has('process_cpu_seconds_total')).toBe(true);
    // The scrape itself is not an HTTP request of the series.
    expect([...samples.keys()].some((series) => series.includes('route="/metrics"'))).toBe(false);
    link.close();
  });

  it('answers /api/ready with its checks', async () => {
    const { status, body } = await server.call('GET', '/ready', { applicationId: false });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });
});

describe.each(testDialects())('operations endpoints of a server on %s', (dialect) => {
  it('/api/ready answers 503 once the database is closed, /api/health still 200', async () => {
    const server = await startTestServer(dialect);
    try {
      await server.database.handle.db.destroy();
      const { status, body } = await server.call('GET', '/ready', { applicationId: false });
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unready', checks: { database: 'failed' } });
      expect((await server.call('GET', '/health', { applicationId: false })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('/api/ready answers 503 while a migration of this version has not run', async () => {
    const server = await startTestServer(dialect);
    try {
      await sql`delete from kysely_migration where name = '0024-positions-by-device'`.execute(
        server.database.handle.db,
      );
      const { status, body } = await server.call('GET', '/ready', { applicationId: false });
      expect(status).toBe(503);
      expect(body).toEqual({
        status: 'unready',
        checks: { database: 'ok', migrations: 'pending' },
      });
    } finally {
      await server.close();
    }
  });

  it('with METRICS_TOKEN, /metrics answers only its bearer', async () => {
    const token = 'a-scraper-token-of-32-characters';
    const server = await startTestServer(dialect, { METRICS_TOKEN: token });
    try {
      expect((await scrape(server)).response.status).toBe(401);
      const wrong = await scrape(server, { authorization: `Bearer ${token}x` });
      expect(wrong.response.status).toBe(401);
      const { response, samples } = await scrape(server, { authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
      expect(samples.get('xunji_live_sockets')).toBe(0);
    } finally {
      await server.close();
    }
  });
});
