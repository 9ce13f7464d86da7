import type { FilterField } from '@xunji/shared';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { DeviceAccess } from './device-access.service.js';
import { filterOf } from './terminal-view.js';

/** What the owner (or the organisation) sets on a device, and each user's display filters. */
export class DeviceSettingsService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly access: DeviceAccess,
  ) {}

  async rename(userId: number, deviceId: number, name: string): Promise<void> {
    await this.access.requireManager(userId, deviceId);
    await this.devices.update(deviceId, { name });
  }

  async setIcon(userId: number, deviceId: number, iconType: number): Promise<void> {
    await this.access.requireManager(userId, deviceId);
    await this.devices.update(deviceId, { iconType });
  }

  /** The filters are the caller's own view; an enterprise user without a binding gets one. */
  async setFilter(
    userId: number,
    deviceId: number,
    changes: Partial<Record<FilterField, boolean | undefined>>,
  ): Promise<void> {
    const row = await this.access.require(userId, deviceId);
    const merged = { ...filterOf(row.filter) };
    for (const [field, value] of Object.entries(changes)) {
      if (value !== undefined) merged[field as FilterField] = value;
    }
    // An organisation's user keeps a filter in a binding of its own, seeing what it saw before.
    if (row.isOwner === null)
      await this.devices.bind(userId, deviceId, false, 'active', row.visibleFrom);
    await this.devices.setFilter(userId, deviceId, JSON.stringify(merged));
  }
}
