import type { Clock } from '../clock.js';
import type { CodeName } from '@xunji/shared';
import { AppError } from '../errors.js';
import type { LoginFailureRepository } from '../repositories/login-failure.repository.js';

export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_MS = 15 * 60_000;

/** Five wrong passwords in a row lock the subject for 15 minutes; a right one resets the count. */
export class LoginGuard {
  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly clock: Clock,
  ) {}

  async check(
    subject: string,
    verify: () => Promise<boolean>,
    wrong: CodeName = 'LOGIN_FAILED',
  ): Promise<void> {
    const now = this.clock.now();
    const record = await this.failures.find(subject);
    const locked = record?.lockedUntil != null && record.lockedUntil > now;
    if (locked) throw new AppError('ACCOUNT_LOCKED', { unlockAt: record.lockedUntil });
    if (await verify()) {
      if (record) await this.failures.clear(subject);
      return;
    }
    const lockExpired = record?.lockedUntil != null;
    const count = (lockExpired ? 0 : (record?.failures ?? 0)) + 1;
    if (count >= MAX_WRONG_PASSWORDS) {
      const unlockAt = now + LOCK_MS;
      await this.failures.save(subject, count, unlockAt);
      throw new AppError('ACCOUNT_LOCKED', { unlockAt });
    }
    await this.failures.save(subject, count, null);
    throw new AppError(wrong);
  }

  async clear(subject: string): Promise<void> {
    await this.failures.clear(subject);
  }
}
