import type { DeviceRepository } from '../repositories/device.repository.js';
import { VisibilityChanges, type DeviceVisibility } from './device-visibility.js';

/**
 * Stand-in until the device access service: the devices bound to the user (user_devices), not
 * yet those seen through an enterprise. Whoever binds or unbinds calls `changed(userId)`.
 */
export class BoundDevicesVisibility extends VisibilityChanges implements DeviceVisibility {
  constructor(private readonly devices: Pick<DeviceRepository, 'visibleDeviceIds'>) {
    super();
  }

  async visibleDeviceIds(userId: number): Promise<Set<number>> {
    return new Set(await this.devices.visibleDeviceIds(userId));
  }
}
