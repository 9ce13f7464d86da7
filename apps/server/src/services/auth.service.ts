import { UserType, type LoginResult } from '@xunji/shared';
import type { DeviceRow, UserRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { LoginGuard } from './login-guard.js';
import { hashSecret, verifySecret } from './password-hasher.js';
import type { SmsService } from './sms.service.js';
import type { TokenService } from './token.service.js';
import { toUserView } from './user-view.js';

export interface SessionDetails {
  applicationId: number;
  pushClientId?: string | undefined;
  systemInfo?: unknown;
}

const userSubject = (user: UserRow) => `user:${user.id}`;
const deviceSubject = (device: DeviceRow) => `device:${device.id}`;

/** Sign-up, sign-in (account, phone or device number — spec §6 userType 3) and passwords. */
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
    if (await this.users.findByLoginName(input.phoneNumber)) throw new AppError('PHONE_TAKEN');
    await this.sms.consumeCode(input.phoneNumber, input.code);
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
    input: { username: string; password: string },
    details: SessionDetails,
  ): Promise<LoginResult> {
    const user = await this.users.findByLoginName(input.username);
    if (user) {
      await this.checkUserPassword(user, input.password);
      return this.startSession(user, details);
    }
    const device = await this.devices.findByTerminalNo(input.username);
    if (!device) throw new AppError('LOGIN_FAILED');
    await this.guard.check(deviceSubject(device), () =>
      verifySecret(input.password, device.passwordHash),
    );
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
    const user = await this.users.findByPhone(input.phoneNumber);
    if (!user) throw new AppError('PHONE_NOT_REGISTERED');
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    await this.sms.consumeCode(input.phoneNumber, input.code);
    await this.users.update(user.id, { passwordHash: await hashSecret(input.password) });
    await this.tokens.revokeAllForUser(user.id);
    await this.guard.clear(userSubject(user));
  }

  async updatePassword(
    userId: number,
    input: { oldPassword: string; newPassword: string },
  ): Promise<void> {
    const user = await this.requireUser(userId);
    if (user.userType === UserType.DEVICE || !user.passwordHash)
      throw new AppError('DEVICE_ACCOUNT');
    if (!(await verifySecret(input.oldPassword, user.passwordHash)))
      throw new AppError('OLD_PASSWORD_WRONG');
    await this.users.update(user.id, { passwordHash: await hashSecret(input.newPassword) });
    await this.tokens.revokeAllForUser(user.id);
  }

  async bindPhone(input: {
    username: string;
    password: string;
    phoneNumber: string;
    captcha: string;
  }): Promise<void> {
    const user = await this.users.findByLoginName(input.username);
    if (!user) throw new AppError('LOGIN_FAILED');
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    await this.checkUserPassword(user, input.password);
    const holder = await this.users.findByLoginName(input.phoneNumber);
    if (holder && holder.id !== user.id) throw new AppError('PHONE_TAKEN');
    await this.sms.consumeCode(input.phoneNumber, input.captcha);
    await this.users.update(user.id, { phoneNumber: input.phoneNumber });
  }

  private async checkUserPassword(user: UserRow, password: string): Promise<void> {
    await this.guard.check(userSubject(user), async () => {
      if (user.userType !== UserType.DEVICE) {
        return user.passwordHash !== null && verifySecret(password, user.passwordHash);
      }
      const device = user.terminalNo
        ? await this.devices.findByTerminalNo(user.terminalNo)
        : undefined;
      return device !== undefined && verifySecret(password, device.passwordHash);
    });
  }

  /** The account of a device number (userType 3), made at its first sign-in. */
  private async deviceUser(device: DeviceRow, applicationId: number): Promise<UserRow> {
    const user = await this.users.create({
      applicationId,
      username: device.terminalNo,
      nickname: device.name,
      userType: UserType.DEVICE,
      terminalNo: device.terminalNo,
    });
    await this.devices.bind(user.id, device.id, false);
    return user;
  }

  private async startSession(user: UserRow, details: SessionDetails): Promise<LoginResult> {
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
