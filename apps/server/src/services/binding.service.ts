import { UserType, type BindResult, type DeviceMember, type MemberNotice } from '@xunji/shared';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { DeviceAccess } from './device-access.service.js';
import type { DeviceTenure } from './device-tenure.service.js';
import { subjects, type LoginGuard, type PasswordProof } from './login-guard.js';
import type { MemberNotices } from './member-notices.js';
import { hashSecret } from './password-hasher.js';

const maskPhone = (name: string) =>
  /^1\d{10}$/.test(name) ? `${name.slice(0, 3)}****${name.slice(7)}` : name;

/**
 * Binding devices to accounts. The first account to bind with the device password owns it and
 * starts a tenure; others bind with the password too (family), or ask without it and wait for the
 * owner, who is told either way. Each account sees the device's data from its own binding on.
 */
export class BindingService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly users: UserRepository,
    private readonly access: DeviceAccess,
    private readonly guard: LoginGuard,
    private readonly tenure: DeviceTenure,
    private readonly notices: MemberNotices,
    private readonly clock: Clock,
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

  async bind(userId: number, terminalNo: string, proof: PasswordProof): Promise<BindResult> {
    await this.personalAccount(userId);
    const device = await this.deviceByNumber(terminalNo);
    const existing = await this.devices.findBinding(userId, device.id);
    if (existing?.state === 'active') throw new AppError('DEVICE_ALREADY_BOUND');
    await this.guard.check(
      subjects.device(device.id),
      device.passwordHash,
      proof,
      'DEVICE_PASSWORD_WRONG',
    );
    const isOwner = !(await this.devices.hasOwner(device.id));
    const inheritedNumbers = isOwner ? await this.tenure.begin(device.id) : 0;
    const now = this.clock.now();
    if (existing) await this.devices.activate(userId, device.id, now);
    else await this.devices.bind(userId, device.id, isOwner, 'active', now);
    this.access.changed(userId);
    if (!isOwner) await this.tellOwner('memberJoined', device.id, userId);
    return { terminalId: device.id, state: 'bound', isOwner, inheritedNumbers };
  }

  /** Without the password: at once for the caller's organisation, else a request to the owner. */
  async bindWithoutPassword(userId: number, terminalNo: string): Promise<BindResult> {
    await this.personalAccount(userId);
    const device = await this.deviceByNumber(terminalNo);
    await this.refuseBound(userId, device.id);
    const scope = await this.access.scopeOf(userId);
    if (device.enterpriseId !== null && scope.enterpriseIds.includes(device.enterpriseId)) {
      // The organisation's user already sees its whole tenure.
      await this.devices.bind(userId, device.id, false, 'active', device.tenureStartedAt);
      this.access.changed(userId);
      return { terminalId: device.id, state: 'bound', isOwner: false, inheritedNumbers: 0 };
    }
    if (!(await this.devices.hasOwner(device.id))) throw new AppError('BIND_PASSWORD_REQUIRED');
    await this.devices.bind(userId, device.id, false, 'pending');
    await this.tellOwner('memberRequest', device.id, userId);
    return { terminalId: device.id, state: 'pending', isOwner: false, inheritedNumbers: 0 };
  }

  private async tellOwner(notice: MemberNotice, deviceId: number, memberId: number) {
    const members = await this.devices.members(deviceId);
    const owner = members.find((m) => m.isOwner === 1 && m.state === 'active');
    const member = members.find((m) => m.userId === memberId);
    if (!owner || !member) return;
    const name = maskPhone(member.username);
    await this.notices.tell(
      notice,
      { deviceId, ownerId: owner.userId },
      member.nickname && member.nickname !== member.username ? `${member.nickname} ${name}` : name,
    );
  }

  /** A member leaves; the owner releases the device from every account (it may be sold on). */
  async unbind(userId: number, deviceId: number): Promise<void> {
    await this.personalAccount(userId);
    const binding = await this.devices.findBinding(userId, deviceId);
    if (!binding || binding.state !== 'active') throw new AppError('DEVICE_UNBOUND');
    if (binding.isOwner === 1) {
      await this.tenure.release(deviceId);
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
    if (!(await this.devices.activate(memberId, deviceId, this.clock.now())))
      throw new AppError('NOT_FOUND');
    this.access.changed(memberId);
  }

  async updatePassword(
    userId: number,
    input: { terminalNo: string; newPassword: string },
    old: PasswordProof,
  ): Promise<void> {
    const device = await this.devices.findByTerminalNo(input.terminalNo);
    // Someone else's device answers like an unknown one.
    if (!device) throw new AppError('DEVICE_UNBOUND');
    await this.requireOwner(userId, device.id);
    await this.guard.check(
      subjects.device(device.id),
      device.passwordHash,
      old,
      'OLD_PASSWORD_WRONG',
    );
    await this.devices.update(device.id, { passwordHash: await hashSecret(input.newPassword) });
  }
}
