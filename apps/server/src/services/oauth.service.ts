import {
  UserType,
  type LoginResult,
  type OauthBinding,
  type OauthLoginAnswer,
  type OauthProvider,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type {
  OauthIdentityRepository,
  OauthIdentityRow,
} from '../repositories/oauth-identity.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { AppleAccounts } from './apple-accounts.js';
import type { AuthService, SessionDetails } from './auth.service.js';
import type { VerifiedIdentity } from './oauth-identity.js';
import type { OauthTickets } from './oauth-tickets.js';
import type { SmsService } from './sms.service.js';

/** What is kept fresh of an identity at each sign-in: only what the provider said this time. */
const given = (details: VerifiedIdentity['details']) =>
  Object.fromEntries(Object.entries(details).filter(([, value]) => value != null));

/**
 * Accounts signed in through WeChat or Apple: a bound identity signs in; an unknown one gets a
 * ticket to bind by phone number and SMS code (the account made if the number is new). An
 * account has at most one identity per provider, an identity one account.
 */
export class OauthService {
  constructor(
    private readonly identities: OauthIdentityRepository,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
    private readonly sms: SmsService,
    private readonly tickets: OauthTickets,
    private readonly apple: AppleAccounts,
    private readonly clock: Clock,
  ) {}

  async login(identity: VerifiedIdentity, details: SessionDetails): Promise<OauthLoginAnswer> {
    const bound = await this.identities.findBySubject(identity.provider, identity.subject);
    const user = bound && (await this.users.findById(bound.userId));
    if (!bound || !user) {
      const ticket = await this.tickets.issue('bind', identity);
      const { nickname = null, headImgUrl = null } = identity.details;
      return { status: 'bindRequired', ticket, nickname, headImgUrl };
    }
    await this.refresh(bound, identity);
    return { status: 'signedIn', login: await this.auth.startSession(user, details) };
  }

  /**
   * Binds the identity `verify` gives (after the SMS code is good, so a mistyped code keeps the
   * ticket) to the account of the phone number, made if new; signs in.
   */
  async bindByPhone(
    input: { username: string; verifyCode: string },
    verify: () => Promise<VerifiedIdentity>,
    details: SessionDetails,
  ): Promise<LoginResult> {
    await this.sms.consumeCode(input.username, input.verifyCode);
    const identity = await verify();
    const user =
      (await this.users.findByLoginName(input.username)) ??
      (await this.users.create({
        applicationId: details.applicationId,
        username: input.username,
        phoneNumber: input.username,
        userType: UserType.PERSONAL,
      }));
    await this.bind(user, identity);
    return this.auth.startSession(user, details);
  }

  /** The identity a login's bind ticket stands for; BIND_TICKET_EXPIRED if not of `provider`. */
  async bindTicket(ticket: string, provider: OauthProvider): Promise<VerifiedIdentity> {
    const identity = await this.tickets.take<VerifiedIdentity>(ticket, 'bind');
    if (identity.provider !== provider) throw new AppError('BIND_TICKET_EXPIRED');
    return identity;
  }

  /** Binds to the signed-in account; the account's earlier identity of the provider goes. */
  async bindToAccount(userId: number, identity: VerifiedIdentity): Promise<OauthBinding> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    await this.bind(user, identity);
    return this.toBinding((await this.identities.findOfUser(userId, identity.provider))!);
  }

  /** OAUTH_LAST_SIGN_IN when it is the account's only way to sign in (no password, no other). */
  async unbind(userId: number, provider: OauthProvider): Promise<void> {
    const own = await this.identities.findOfUser(userId, provider);
    if (!own) return;
    const user = await this.users.findById(userId);
    const others = (await this.identities.ofUser(userId)).filter((row) => row.id !== own.id);
    if (!user?.passwordHash && others.length === 0) throw new AppError('OAUTH_LAST_SIGN_IN');
    await this.remove(own);
  }

  async bindings(userId: number): Promise<OauthBinding[]> {
    return (await this.identities.ofUser(userId)).map((row) => this.toBinding(row));
  }

  /** Before an account is deleted: Apple's authorisation revoked (the rows go by cascade). */
  async revokeAll(userId: number): Promise<void> {
    for (const row of await this.identities.ofUser(userId))
      if (row.provider === 'apple') await this.apple.revoke(row);
  }

  private async bind(user: UserRow, identity: VerifiedIdentity): Promise<void> {
    if (user.userType === UserType.DEVICE) throw new AppError('DEVICE_ACCOUNT');
    const now = this.clock.now();
    const bound = await this.identities.findBySubject(identity.provider, identity.subject);
    if (bound && bound.userId !== user.id) throw new AppError('OAUTH_TAKEN');
    if (bound) return this.refresh(bound, identity);
    const earlier = await this.identities.findOfUser(user.id, identity.provider);
    if (earlier) await this.remove(earlier);
    const inserted = await this.identities.insert({
      provider: identity.provider,
      subject: identity.subject,
      userId: user.id,
      mpOpenId: null,
      openOpenId: null,
      unionId: null,
      nickname: null,
      headImgUrl: null,
      refreshToken: null,
      clientId: null,
      ...identity.details,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw new AppError('OAUTH_TAKEN');
  }

  /** Keeps what the provider says now; an Apple refresh token replaced is revoked at Apple. */
  private async refresh(bound: OauthIdentityRow, identity: VerifiedIdentity): Promise<void> {
    await this.identities.update(bound.id, {
      ...given(identity.details),
      updatedAt: this.clock.now(),
    });
    const replaced = identity.details.refreshToken;
    if (bound.provider === 'apple' && replaced && bound.refreshToken !== replaced)
      await this.apple.revoke(bound);
  }

  private async remove(row: OauthIdentityRow): Promise<void> {
    await this.identities.delete(row.id);
    await this.apple.revoke(row);
  }

  private toBinding(row: OauthIdentityRow): OauthBinding {
    return {
      provider: row.provider as OauthProvider,
      nickname: row.nickname,
      headImgUrl: row.headImgUrl,
      boundAt: row.createdAt,
    };
  }
}
