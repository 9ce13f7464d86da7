import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/context.js';
import type { DeviceRow } from '../src/db/schema.js';
import { DeviceDirectory } from '../src/gateway/device-directory.js';
import type { DeviceRepository } from '../src/repositories/device.repository.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { registerDevice } from './support/gateway.js';

describe('device directory', () => {
  it('looks an unknown device up again 10 s after the first lookup, however often it retries', async () => {
    const registry: { device?: DeviceRow } = {};
    let lookups = 0;
    const devices = {
      findByTerminalNos: async (nos: string[]) => {
        lookups++;
        return new Map(registry.device ? nos.map((no) => [no, registry.device!]) : []);
      },
    } as unknown as DeviceRepository;
    const directory = new DeviceDirectory(devices);
    expect(await directory.identify('123', 'jt808', 0)).toBeUndefined();
    registry.device = { id: 7, terminalNo: '123' } as DeviceRow;
    for (let t = 1000; t < 10_000; t += 1000)
      expect(await directory.identify('123', 'jt808', t)).toBeUndefined();
    expect(lookups).toBe(1);
    expect((await directory.identify('123', 'jt808', 10_001))?.id).toBe(7);
    expect(lookups).toBe(2);
  });
});

describe.each(testDialects())('holding list on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('holds an unknown device with its attempts until it is registered', async () => {
    const repositories = createRepositories(database.handle);
    const directory = new DeviceDirectory(repositories.devices, repositories.heldDevices);
    for (const t of [0, 1000, 2000, 10_001]) {
      expect(await directory.identify('868120000000099', 'gt06', t)).toBeUndefined();
    }
    expect(await repositories.heldDevices.list()).toEqual([
      {
        identifier: '868120000000099',
        protocol: 'gt06',
        firstSeen: 0,
        lastSeen: 10_001,
        attempts: 4,
      },
    ]);
    const { id } = await registerDevice({ repositories }, '868120000000099', 'gt06');
    await repositories.heldDevices.release('868120000000099');
    expect(await repositories.heldDevices.list()).toEqual([]);
    expect((await directory.identify('868120000000099', 'gt06', 20_002))?.id).toBe(id);
  });
});
