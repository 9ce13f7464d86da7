import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEventBus } from '../src/bus/local-event-bus.js';
import { QUIET_AFTER_MS, QuietDevices } from '../src/cluster/quiet-devices.js';
import { createRepositories, type Repositories } from '../src/context.js';
import { offlineState } from '../src/gateway/device-state.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';

const NOW = Date.UTC(2026, 11, 1, 8);

describe.each(testDialects())('devices of a gateway that died, on %s', (dialect) => {
  let database: TestDatabase;
  let repositories: Repositories;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repositories = createRepositories(database.handle);
  });
  afterAll(async () => database.drop());

  async function deviceLastHeard(terminalNo: string, lastAlive: number | null, status = 'online') {
    const device = await registerDevice({ repositories }, terminalNo, 'gt06');
    await database.handle.db
      .insertInto('deviceStates')
      .values({ ...offlineState(device.id, NOW), status: status as 'online', lastAlive })
      .execute();
    return device.id;
  }

  it('marks offline, once, only the online devices unheard of for longer than any idle timeout', async () => {
    const quiet = await deviceLastHeard('868120300000001', NOW - QUIET_AFTER_MS - 1000);
    const neverHeard = await deviceLastHeard('868120300000002', null);
    const talking = await deviceLastHeard('868120300000003', NOW - 60_000);
    const alreadyOffline = await deviceLastHeard(
      '868120300000004',
      NOW - 2 * QUIET_AFTER_MS,
      'offline',
    );
    const events: GatewayEvent[] = [];
    const bus = new LocalEventBus<GatewayEvent>((error) => {
      throw error;
    });
    bus.subscribe((event) => events.push(event));
    const sweep = new QuietDevices(repositories.positions, bus, { now: () => NOW });

    await sweep.run();
    expect(events.map((e) => e.type === 'status' && [e.deviceId, e.status]).sort()).toEqual(
      [
        [quiet, 'offline'],
        [neverHeard, 'offline'],
      ].sort(),
    );
    const alive = await repositories.devices.aliveOf([quiet, neverHeard, talking, alreadyOffline]);
    expect(alive.get(quiet)?.status).toBe('offline');
    expect(alive.get(neverHeard)?.status).toBe('offline');
    expect(alive.get(talking)?.status).toBe('online');

    await sweep.run();
    expect(events).toHaveLength(2);
  });
});
