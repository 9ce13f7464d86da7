import { UserType, type BindResult, type DeviceMember } from '@xunji/shared';
import { AppError } from '../errors.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { DeviceAccess } from './device-access.service.js';
import type { LoginGuard } from './login-guard.js';
import { hashSecret, verifySecret } from './password-hasher.js';

const maskPhone = (name: string) =>
  /^1\d{10}$/.test(name) ? `${name.slice(0, 3)}****${name.slice(7)}` : name;

/**
 * Binding devices to accounts. The first account to bind with the device password owns it;
 * others bind with the password too (family), or ask without it and wait for the owner.
 */
export class BindingService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly users: UserRepository,
    private readonly access: DeviceAccess,
    private readonly guard: LoginGuard,
  ) {}

  private async personalAccount(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    return user;
  }

  private async deviceByNumber(terminalNo: string) {
    const device = await this.devices.findByTerminalNo(terminalNo);
    if (!device) throw new AppError('DEVICE_NOT_FOUND');
    return device;
  }

  private async refuseBound(userId: number, deviceId: number) {
    const binding = await this.devices.findBinding(userId, deviceId);
    if (binding?.state === 'active') throw new AppError('DEVICE_ALREADY_BOUND');
    if (binding?.state === 'pending') throw new AppError('BIND_REQUEST_PENDING');
  }

  async bind(userId: number, terminalNo: string, password: string): Promise<BindResult> {
    await this.personalAccount(userId);
    const device = await this.deviceByNumber(terminalNo);
    const existing = await this.devices.findBinding(userId, device.id);
    if (existing?.state === 'active') throw new AppError('DEVICE_ALREADY_BOUND');
    // Five wrong passwords for one device lock this account's attempts on it for 15 minutes.
    await this.guard.check(
      `bind:${userId}:${device.id}`,
      () => verifySecret(password, device.passwordHash),
      'DEVICE_PASSWORD_WRONG',
    );
    const isOwner = !(await this.devices.hasOwner(device.id));
    if (existing) await this.devices.activate(userId, device.id);
    else await this.devices.bind(userId, device.id, isOwner);
    this.access.changed(userId);
    return { terminalId: device.id, state: 'bound', isOwner };
  }

  /** Without the password: at once for the caller's organisation, else a request to the owner. */
  async bindWithoutPassword(userId: number, terminalNo: string): Promise<BindResult> {
    await this.personalAccount(userId);
    const device = await this.deviceByNumber(terminalNo);
    await this.refuseBound(userId, device.id);
    const scope = await this.access.scopeOf(userId);
    if (device.enterpriseId !== null && scope.enterpriseIds.includes(device.enterpriseId)) {
      await this.devices.bind(userId, device.id, false);
      this.access.changed(userId);
      return { terminalId: device.id, state: 'bound', isOwner: false };
    }
    if (!(await this.devices.hasOwner(device.id))) throw new AppError('BIND_PASSWORD_REQUIRED');
    await this.devices.bind(userId, device.id, false, 'pending');
    return { terminalId: device.id, state: 'pending', isOwner: false };
  }

  /** A member leaves; the owner releases the device from every account (it may be sold on). */
  async unbind(userId: number, deviceId: number): Promise<void> {
    await this.personalAccount(userId);
    const binding = await this.devices.findBinding(userId, deviceId);
    if (!binding || binding.state !== 'active') throw new AppError('DEVICE_UNBOUND');
    if (binding.isOwner === 1) {
      this.access.changed(...(await this.devices.unbindEveryone(deviceId)));
    } else {
      await this.devices.unbind(userId, deviceId);
      this.access.changed(userId);
    }
  }

  async members(userId: number, deviceId: number): Promise<DeviceMember[]> {
    const row = await this.access.require(userId, deviceId);
    const rows = await this.devices.members(deviceId);
    return rows
      .filter((member) => row.isOwner === 1 || member.state === 'active')
      .map((member) => ({
        userId: member.userId,
        username: maskPhone(member.username),
        nickname: member.nickname,
        isOwner: member.isOwner === 1,
        state: member.state,
        createdAt: Number(member.createdAt),
        isSelf: member.userId === userId,
      }));
  }

  private async requireOwner(userId: number, deviceId: number) {
    const row = await this.access.require(userId, deviceId);
    if (row.isOwner !== 1) throw new AppError('DEVICE_NOT_OWNER');
  }

  async removeMember(userId: number, deviceId: number, memberId: number): Promise<void> {
    await this.requireOwner(userId, deviceId);
    if (memberId === userId) throw new AppError('FORBIDDEN');
    if (!(await this.devices.unbind(memberId, deviceId))) throw new AppError('NOT_FOUND');
    this.access.changed(memberId);
  }

  async acceptMember(userId: number, deviceId: number, memberId: number): Promise<void> {
    await this.requireOwner(userId, deviceId);
    if (!(await this.devices.activate(memberId, deviceId))) throw new AppError('NOT_FOUND');
    this.access.changed(memberId);
  }

  async updatePassword(
    userId: number,
    input: { terminalNo: string; oldPassword: string; newPassword: string },
  ): Promise<void> {
    const device = await this.devices.findByTerminalNo(input.terminalNo);
    // Someone else's device answers like an unknown one.
    if (!device) throw new AppError('DEVICE_UNBOUND');
    await this.requireOwner(userId, device.id);
    await this.guard.check(
      `bind:${userId}:${device.id}`,
      () => verifySecret(input.oldPassword, device.passwordHash),
      'OLD_PASSWORD_WRONG',
    );
    await this.devices.update(device.id, { passwordHash: await hashSecret(input.newPassword) });
  }
}
