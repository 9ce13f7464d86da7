import type { User } from '@xunji/shared';
import { AppError } from '../errors.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { DeviceTenure } from './device-tenure.service.js';
import type { SmsService } from './sms.service.js';
import type { OauthService } from './oauth.service.js';
import { toUserView } from './user-view.js';

/** The signed-in user's own account: profile and cancellation. */
export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly devices: DeviceRepository,
    private readonly sms: SmsService,
    private readonly tenure: DeviceTenure,
    private readonly oauth: Pick<OauthService, 'revokeAll'>,
  ) {}

  async userInfo(userId: number): Promise<User> {
    const user = await this.users.findWithEnterprise(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return toUserView(user);
  }

  async updateNickname(userId: number, nickname: string): Promise<User> {
    await this.users.update(userId, { nickname });
    return this.userInfo(userId);
  }

  /**
   * Spec §6: only the user's own account, proven by a code sent to the phone bound to it.
   * Deleting the row removes the personal data and, by cascade, sessions and device bindings.
   */
  async cancel(userId: number, input: { phoneNumber: string; code: string }): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (!user.phoneNumber) throw new AppError('PHONE_NOT_BOUND');
    if (user.phoneNumber !== input.phoneNumber) throw new AppError('PHONE_MISMATCH');
    await this.sms.consumeCode(input.phoneNumber, input.code);
    // The devices it owned are let go as by the owner's unbind: their next owner starts afresh.
    for (const deviceId of await this.devices.ownedBy(userId)) await this.tenure.release(deviceId);
    // Apple asks apps to revoke its authorisation; the identities go with the row (cascade).
    await this.oauth.revokeAll(userId);
    await this.users.delete(userId);
  }
}
