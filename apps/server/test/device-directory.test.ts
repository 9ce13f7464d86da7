import { describe, expect, it } from 'vitest';
import type { DeviceRow } from '../src/db/schema.js';
import { DeviceDirectory } from '../src/gateway/device-directory.js';
import type { DeviceRepository } from '../src/repositories/device.repository.js';

describe('device directory', () => {
  it('looks an unknown device up again 10 s after the first lookup, however often it retries', async () => {
    const registry: { device?: DeviceRow } = {};
    let lookups = 0;
    const devices = {
      findByTerminalNo: async () => {
        lookups++;
        return registry.device;
      },
    } as unknown as DeviceRepository;
    const directory = new DeviceDirectory(devices);
    expect(await directory.identify('123', 0)).toBeUndefined();
    registry.device = { id: 7, terminalNo: '123' } as DeviceRow;
    for (let t = 1000; t < 10_000; t += 1000)
      expect(await directory.identify('123', t)).toBeUndefined();
    expect(lookups).toBe(1);
    expect((await directory.identify('123', 10_001))?.id).toBe(7);
    expect(lookups).toBe(2);
  });
});
