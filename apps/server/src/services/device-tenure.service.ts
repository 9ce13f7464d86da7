import type { Clock } from '../clock.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';
import type { TenureRepository } from '../repositories/tenure.repository.js';
import type { DeviceAccess } from './device-access.service.js';

/**
 * A device's tenures (docs/security.md): its data belongs to the binding that lived it. When the
 * owner releases the device, or an operator moves it, the tenure ends; whoever comes next sees
 * nothing from before their own binding, and the previous owner's settings are gone.
 */
export class DeviceTenure {
  constructor(
    private readonly tenures: TenureRepository,
    private readonly remoteStates: RemoteStateRepository,
    private readonly access: DeviceAccess,
    private readonly clock: Clock,
    /** Caches that hold the device's fences and alarm setting read them again. */
    private readonly onEnded: (deviceId: number) => void,
  ) {}

  /**
   * The first owner of a device outside any organisation: a new tenure starts. Answers how many
   * phone numbers the device itself still holds (they live on the device, not here): the owner
   * is asked to review them.
   */
  async begin(deviceId: number): Promise<number> {
    await this.tenures.begin(deviceId, this.clock.now());
    return (await this.remoteStates.get(deviceId)).whiteList.length;
  }

  /** The owner lets the device go: every account is released, the tenure ends. */
  release(deviceId: number): Promise<void> {
    return this.end(deviceId, undefined);
  }

  /** An operator moves the device to another organisation (or none). */
  transfer(deviceId: number, enterpriseId: number | null): Promise<void> {
    return this.end(deviceId, enterpriseId);
  }

  private async end(deviceId: number, transferTo: number | null | undefined): Promise<void> {
    const released = await this.tenures.end({ deviceId, now: this.clock.now(), transferTo });
    this.onEnded(deviceId);
    this.access.changed(...released);
  }
}
