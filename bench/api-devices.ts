import type { LiveServerMessage, TerminalPage } from '@xunji/shared';
import WebSocket from 'ws';
import type { PositionInsert } from '../apps/server/src/repositories/ingest/ingest-batch.js';
import { hashSecret } from '../apps/server/src/services/password-hasher.js';
import { testDialects } from '../apps/server/test/support/databases.js';
import {
  registerUser,
  startTestServer,
  transport,
} from '../apps/server/test/support/test-server.js';

/**
 * A user with 1,000 devices (each with a state and a position): GET /terminal/page (100 a page)
 * timed PAGE_RUNS times; then the live socket carries every device updating once a second for
 * SOCKET_SECONDS, and each update's event-to-socket latency (publish → message parsed by the client)
 * is recorded. DATABASE_URL selects PostgreSQL, else SQLite.
 */
const DEVICES = 1000;
const PAGE_RUNS = 200;
const SOCKET_SECONDS = Number(process.env.SOCKET_SECONDS ?? 20);
const TICK_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 10) / 10;

export default async function apiDevices() {
  const dialect = process.env.DATABASE_URL ? 'postgres' : testDialects()[0]!;
  const server = await startTestServer(dialect);
  try {
    const { token, user } = await registerUser(server, '13900000001');
    const { db } = server.database.handle;
    const passwordHash = await hashSecret(transport('123456'));
    const now = Date.now();
    await server.repositories.devices.createMany(
      Array.from({ length: DEVICES }, (_, i) => ({
        terminalNo: `8690000${String(i).padStart(8, '0')}`,
        passwordHash,
        protocol: 'jt808',
        model: i % 2 ? 'TM200' : 'TA900',
        name: `粤B ${String(i).padStart(5, '0')}`,
        createdAt: now,
      })),
    );
    const devices = await db.selectFrom('devices').select('id').orderBy('id').execute();
    for (let i = 0; i < devices.length; i += 200) {
      const slice = devices.slice(i, i + 200);
      await db
        .insertInto('userDevices')
        .values(
          slice.map(({ id }) => ({
            userId: user.userId,
            deviceId: id,
            isOwner: 1,
            createdAt: now,
          })),
        )
        .execute();
      await db
        .insertInto('deviceStates')
        .values(
          slice.map(({ id }, j) => ({
            deviceId: id,
            status: 'online' as const,
            lastAlive: now,
            locateTime: now,
            latitude: 22.5 + (i + j) / 10_000,
            longitude: 114.0 + (i + j) / 10_000,
            speed: 40,
            course: (i + j) % 360,
            valid: 1,
            lbsMode: 'gps',
            satellites: 10,
            battery: 90,
            signal: 80,
            updatedAt: now,
          })),
        )
        .execute();
    }

    const pageTimes: number[] = [];
    for (let run = 0; run < PAGE_RUNS; run++) {
      const started = performance.now();
      const { body } = await server.call<TerminalPage>(
        'GET',
        `/terminal/page?page=${(run % 10) + 1}&limit=100`,
        { token },
      );
      pageTimes.push(performance.now() - started);
      if (body.data.list.length !== 100 || body.data.count !== DEVICES)
        throw new Error(`page ${run}: ${body.code} ${body.message}`);
    }

    const latencies: number[] = [];
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () =>
        socket.send(JSON.stringify({ type: 'auth', token, applicationId: 1 })),
      );
      socket.on('error', reject);
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as LiveServerMessage;
        if (message.type === 'ready') resolve();
        if (message.type === 'devices') {
          const received = Date.now();
          for (const update of message.updates) {
            if (update.locateTime) latencies.push(received - update.locateTime);
          }
        }
      });
    });

    const perTick = (DEVICES * TICK_MS) / 1000;
    let next = 0;
    const ticks = (SOCKET_SECONDS * 1000) / TICK_MS;
    for (let tick = 0; tick < ticks; tick++) {
      const at = Date.now();
      for (let k = 0; k < perTick; k++) {
        const deviceId = devices[next++ % DEVICES]!.id;
        const position: PositionInsert = {
          deviceId,
          fixTime: at,
          serverTime: at,
          valid: 1,
          latitude: 22.5 + Math.random() / 100,
          longitude: 114.0 + Math.random() / 100,
          altitude: null,
          speed: 30 + Math.random() * 40,
          course: Math.floor(Math.random() * 360),
          lbsMode: 'gps',
          satellites: 10,
          battery: 88,
          acc: 1,
          mileage: null,
          reupload: 0,
          attributes: null,
        };
        server.events.publish({ type: 'position', deviceId, position });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + TICK_MS - Date.now())));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.close();

    const published = ticks * perTick;
    return {
      dialect,
      devices: DEVICES,
      pageP50Ms: round(percentile(pageTimes, 50)),
      pageP95Ms: round(percentile(pageTimes, 95)),
      socketUpdatesPerSecond: DEVICES,
      socketReceived: latencies.length,
      socketPublished: published,
      socketP50Ms: round(percentile(latencies, 50)),
      socketP95Ms: round(percentile(latencies, 95)),
    };
  } finally {
    await server.close();
  }
}
