import { UserType } from '@xunji/shared';
import type { EventBus } from '../bus/event-bus.js';
import type { ClusterNotice } from '../cluster/cluster-notice.js';
import { AppError } from '../errors.js';
import type { EnterpriseRepository } from '../repositories/enterprise.repository.js';
import type {
  DeviceScope,
  TerminalRepository,
  TerminalRow,
} from '../repositories/terminal.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { subtreeIds } from './enterprise-tree.js';
import { serviceExpired } from './terminal-view.js';

/**
 * Who may see which device: the accounts bound to it (active bindings) and the enterprise users
 * of its organisation or an organisation above it. Every device-scoped service method starts here.
 */
export class DeviceAccess {
  constructor(
    private readonly users: UserRepository,
    private readonly enterprises: EnterpriseRepository,
    private readonly terminals: TerminalRepository,
    /** Every process's live sockets hear of a change, whichever process made it. */
    private readonly notices: EventBus<ClusterNotice>,
  ) {}

  async scopeOf(userId: number): Promise<DeviceScope> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.userType !== UserType.ENTERPRISE || user.enterpriseId === null)
      return { userId, enterpriseIds: [] };
    const all = await this.enterprises.list();
    return { userId, enterpriseIds: subtreeIds(all, user.enterpriseId) };
  }

  /**
   * The device as the caller sees it. A device of someone else answers exactly like one that
   * does not exist: 2501, "not bound to your account".
   */
  async require(userId: number, deviceId: number): Promise<TerminalRow> {
    // Most callers are personal users, whose scope is themselves alone: the device is read for
    // that scope alongside the user, one round trip instead of two, and again for an enterprise.
    const personal: DeviceScope = { userId, enterpriseIds: [] };
    const [scope, row] = await Promise.all([
      this.scopeOf(userId),
      this.terminals.byId(personal, deviceId),
    ]);
    return scope.enterpriseIds.length === 0 ? this.found(row) : this.requireIn(scope, deviceId);
  }

  /** As `require`, and 2303 once the device's service period has ended (§8). */
  async requireInService(userId: number, deviceId: number, now: number): Promise<TerminalRow> {
    const row = await this.require(userId, deviceId);
    if (serviceExpired(row, now)) throw new AppError('SERVICE_EXPIRED', { terminalId: deviceId });
    return row;
  }

  /** The owner, or an enterprise user whose organisation holds the device, may change it. */
  async requireManager(userId: number, deviceId: number): Promise<TerminalRow> {
    const scope = await this.scopeOf(userId);
    const row = await this.requireIn(scope, deviceId);
    const viaEnterprise =
      row.enterpriseId !== null && scope.enterpriseIds.includes(row.enterpriseId);
    if (row.isOwner !== 1 && !viaEnterprise) throw new AppError('DEVICE_NOT_OWNER');
    return row;
  }

  private async requireIn(scope: DeviceScope, deviceId: number): Promise<TerminalRow> {
    return this.found(await this.terminals.byId(scope, deviceId));
  }

  private found(row: TerminalRow | undefined): TerminalRow {
    if (!row) throw new AppError('DEVICE_UNBOUND');
    return row;
  }

  async visibleDeviceIds(userId: number): Promise<Set<number>> {
    return new Set((await this.visibleDevices(userId)).keys());
  }

  /** The devices the user sees, each with the instant from which its data is the user's. */
  async visibleDevices(userId: number): Promise<Map<number, number>> {
    return this.terminals.visible(await this.scopeOf(userId));
  }

  /** Tells the live sockets that these users' device lists changed (bind, unbind, members). */
  changed(...userIds: number[]): void {
    if (userIds.length > 0) this.notices.publish({ type: 'accessChanged', userIds });
  }

  onChange(listener: (userId: number) => void): () => void {
    return this.notices.subscribe((notice) => {
      if (notice.type === 'accessChanged') notice.userIds.forEach(listener);
    });
  }
}
