import { UserType, type LoginResult } from '@xunji/shared';
import type { DeviceRow, UserRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { subjects, type LoginGuard, type PasswordProof } from './login-guard.js';
import { hashSecret } from './password-hasher.js';
import type { SmsService } from './sms.service.js';
import type { TokenService } from './token.service.js';
import { toUserView } from './user-view.js';

export interface SessionDetails {
  applicationId: number;
  pushClientId?: string | undefined;
  systemInfo?: unknown;
}

/**
 * Sign-up, sign-in (account, phone or device number — spec §6 userType 3) and passwords. Every
 * password goes through the guard, known account or not; an SMS code is checked before anything
 * is said about its phone number.
 */
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly devices: DeviceRepository,
    private readonly tokens: TokenService,
    private readonly sms: SmsService,
    private readonly guard: LoginGuard,
  ) {}

  async register(
    input: { phoneNumber: string; password: string; code: string },
    details: SessionDetails,
  ): Promise<LoginResult> {
    await this.sms.consumeCode(input.phoneNumber, input.code);
    if (await this.users.findByLoginName(input.phoneNumber)) throw new AppError('PHONE_TAKEN');
    const user = await this.users.create({
      applicationId: details.applicationId,
      username: input.phoneNumber,
      phoneNumber: input.phoneNumber,
      passwordHash: await hashSecret(input.password),
      userType: UserType.PERSONAL,
    });
    return this.startSession(user, details);
  }

  async login(
    username: string,
    proof: PasswordProof,
    details: SessionDetails,
  ): Promise<LoginResult> {
    const user = await this.users.findByLoginName(username);
    const device = user ? undefined : await this.devices.findByTerminalNo(username);
    await this.guard.check(subjects.name(username), await this.storedHash(user, device), proof);
    if (user) return this.startSession(user, details);
    if (!device) throw new AppError('LOGIN_FAILED');
    return this.startSession(await this.deviceUser(device, details.applicationId), details);
  }

  async logout(sessionId: string): Promise<void> {
    await this.tokens.revoke(sessionId);
  }

  async resetPassword(input: {
    phoneNumber: string;
    password: string;
    code: string;
  }): Promise<void> {
    await this.sms.consumeCode(input.phoneNumber, input.code);
    const user = await this.users.findByPhone(input.phoneNumber);
    if (!user) throw new AppError('PHONE_NOT_REGISTERED');
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    await this.users.update(user.id, { passwordHash: await hashSecret(input.password) });
    await this.tokens.revokeAllForUser(user.id);
    await this.guard.forget([
      subjects.name(user.username),
      subjects.name(input.phoneNumber),
      subjects.user(user.id),
    ]);
  }

  async updatePassword(userId: number, newPassword: string, old: PasswordProof): Promise<void> {
    const user = await this.requireUser(userId);
    if (user.userType === UserType.DEVICE || !user.passwordHash)
      throw new AppError('DEVICE_ACCOUNT');
    await this.guard.check(subjects.user(user.id), user.passwordHash, old, 'OLD_PASSWORD_WRONG');
    await this.users.update(user.id, { passwordHash: await hashSecret(newPassword) });
    await this.tokens.revokeAllForUser(user.id);
  }

  /** Passes when `proof` is the user's own password (a device account's: its device's). */
  async confirmPassword(userId: number, proof: PasswordProof): Promise<void> {
    const user = await this.requireUser(userId);
    await this.guard.check(
      subjects.user(user.id),
      await this.storedHash(user),
      proof,
      'PASSWORD_WRONG',
    );
  }

  async bindPhone(
    input: { username: string; phoneNumber: string; captcha: string },
    proof: PasswordProof,
  ): Promise<void> {
    const user = await this.users.findByLoginName(input.username);
    await this.guard.check(subjects.name(input.username), await this.storedHash(user), proof);
    if (!user) throw new AppError('LOGIN_FAILED');
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    await this.sms.consumeCode(input.phoneNumber, input.captcha);
    const holder = await this.users.findByLoginName(input.phoneNumber);
    if (holder && holder.id !== user.id) throw new AppError('PHONE_TAKEN');
    await this.users.update(user.id, { phoneNumber: input.phoneNumber });
  }

  /** The hash a sign-in name's password is checked against: a device account's is its device's. */
  private async storedHash(user?: UserRow, device?: DeviceRow): Promise<string | null> {
    if (!user) return device?.passwordHash ?? null;
    if (user.userType !== UserType.DEVICE) return user.passwordHash;
    const own = user.terminalNo ? await this.devices.findByTerminalNo(user.terminalNo) : undefined;
    return own?.passwordHash ?? null;
  }

  /**
   * The account of a device number (userType 3), made at its first sign-in; parallel first
   * sign-ins all get the one account.
   */
  private async deviceUser(device: DeviceRow, applicationId: number): Promise<UserRow> {
    const user = await this.users.createOrFind({
      applicationId,
      username: device.terminalNo,
      nickname: device.name,
      userType: UserType.DEVICE,
      terminalNo: device.terminalNo,
    });
    await this.devices.bind(user.id, device.id, false);
    return user;
  }

  /** Signs `user` in: a session, its token and the user as the app sees them. */
  async startSession(user: UserRow, details: SessionDetails): Promise<LoginResult> {
    const { token, expiresAt } = await this.tokens.issue(user.id, details.applicationId, details);
    const view = await this.users.findWithEnterprise(user.id);
    if (!view) throw new AppError('UNAUTHORIZED');
    return { access_token: token, token, expiresAt, user: toUserView(view) };
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }
}
