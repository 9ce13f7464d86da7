import { randomUUID } from 'node:crypto';
import { DEFAULT_APPLICATION_ID, hashPasswordForTransport, UserType } from '@xunji/shared';
import { createRepositories } from '../../apps/server/src/context.js';
import type { Dialect } from '../../apps/server/src/db/database.js';
import type { PushSubscription } from '../../apps/server/src/providers/push/web-push-sender.js';
import { loadVapidKeys } from '../../apps/server/src/providers/push/vapid-keys.js';
import { hashSecret } from '../../apps/server/src/services/password-hasher.js';
import { ensureDefaultApplication } from '../../apps/server/src/seed.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/support/databases.js';
import type { DeviceLayout } from './layout.js';

/** Rows per INSERT (well under SQLite's and PostgreSQL's bound-parameter limits). */
const CHUNK = 500;

export const terminalNoOf = (index: number) => String(130_000_000_000 + index);

export interface Fleet {
  database: TestDatabase;
  /** The device id of each device index. */
  deviceIds: number[];
  /** Puts every fence back on the side its device is on at home (between runs). */
  resetFenceStates(): Promise<void>;
}

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * A new database with the devices (JT/T 808, password 123456), one account that owns them all,
 * push and fence alarms on for each, and that account's browser subscribed to the stand-in
 * (`subscribe` receives the server's VAPID key). With `layouts`, each device's fences too, and
 * their sides as at home, as if the fleet had been running.
 */
export async function createFleet(
  dialect: Dialect,
  devices: number,
  subscribe: (applicationServerKey: string) => PushSubscription,
  layouts?: DeviceLayout[],
): Promise<Fleet> {
  const database = await createTestDatabase(dialect);
  const { db } = database.handle;
  const repositories = createRepositories(database.handle);
  const now = Date.now();
  await ensureDefaultApplication(repositories);
  const passwordHash = await hashSecret(hashPasswordForTransport('123456'));
  await repositories.devices.createMany(
    Array.from({ length: devices }, (_, i) => ({
      terminalNo: terminalNoOf(i),
      passwordHash,
      protocol: 'jt808',
      createdAt: now,
    })),
  );
  const rows = await db.selectFrom('devices').select(['id', 'terminalNo']).execute();
  const idOf = new Map(rows.map((row) => [row.terminalNo, row.id]));
  const deviceIds = Array.from({ length: devices }, (_, i) => idOf.get(terminalNoOf(i))!);
  const user = await repositories.users.create({
    applicationId: DEFAULT_APPLICATION_ID,
    username: 'fleet-manager',
    userType: UserType.PERSONAL,
  });
  await inChunks(deviceIds, (ids) =>
    db
      .insertInto('userDevices')
      .values(ids.map((deviceId) => ({ userId: user.id, deviceId, isOwner: 1, createdAt: now })))
      .execute(),
  );
  await inChunks(deviceIds, (ids) =>
    db
      .insertInto('alarmSettings')
      .values(ids.map((deviceId) => ({ deviceId, pushAlarm: 1, fenceAlarm: 1, updatedAt: now })))
      .execute(),
  );
  const { publicKey } = await loadVapidKeys(repositories.settings);
  const { endpoint, keys } = subscribe(publicKey);
  await repositories.pushClients.save({
    id: randomUUID(),
    userId: user.id,
    endpoint,
    ...keys,
    language: 'zh-CN',
    createdAt: now,
  });

  const states: { fenceId: number; inside: boolean; at: number }[] = [];
  if (layouts) {
    const fences = layouts.flatMap((layout, i) =>
      layout.fences.map((fence) => ({
        ...fence,
        deviceId: deviceIds[i]!,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // RETURNING gives no order on SQLite: a fence is known by its device and its name.
    const insideAtHome = new Map(
      layouts.flatMap((layout, i) =>
        layout.fences.map((fence, f) => [`${deviceIds[i]} ${fence.name}`, layout.insideAtHome[f]!]),
      ),
    );
    await inChunks(fences, async (chunk) => {
      const made = await db
        .insertInto('fences')
        .values(chunk)
        .returning(['id', 'deviceId', 'name'])
        .execute();
      for (const { id, deviceId, name } of made)
        states.push({ fenceId: id, inside: insideAtHome.get(`${deviceId} ${name}`)!, at: now });
    });
  }
  const resetFenceStates = () => inChunks(states, (chunk) => repositories.fences.saveStates(chunk));
  await resetFenceStates();
  return { database, deviceIds, resetFenceStates };
}
