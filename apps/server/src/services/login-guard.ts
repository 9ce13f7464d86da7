import type { CodeName } from '@xunji/shared';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { LoginFailureRepository } from '../repositories/login-failure.repository.js';
import { addressKey } from './address-key.js';
import type { AttemptCounters } from './attempt-counters.js';
import type { CaptchaService } from './captcha.service.js';
import { onceEvery } from './once-every.js';
import { passwordChecks } from './password-hasher.js';
import type { PenaltyDelay } from './penalty-delay.js';

/** The numbers of docs/security.md "Sign-in". */
export const SIGN_IN_POLICY = {
  /** Attempts are counted in fixed windows of this length. */
  windowMs: 15 * 60_000,
  /** Checks without a picture code per subject (account name, account, device) in a window. */
  freePerSubject: 3,
  /** Checks without a picture code from one address (IPv6: its /64) in a window. */
  freePerAddress: 10,
  /** Wrong passwords from this many addresses within `lockWindowMs` pause password sign-in… */
  lockAddresses: 10,
  lockWindowMs: 60 * 60_000,
  /** …for this long (an SMS password reset lifts it). */
  lockMs: 60 * 60_000,
  /** The first penalty delay; each further attempt past the free ones doubles it, up to the cap. */
  firstDelayMs: 1000,
} as const;

/** The keys passwords are counted under. A sign-in counts the name as typed, known or not. */
export const subjects = {
  name: (typed: string) => `name:${typed}`,
  user: (userId: number) => `user:${userId}`,
  device: (deviceId: number) => `device:${deviceId}`,
};

/** A password as sent, where it came from, and the picture code when the server asked for one. */
export interface PasswordProof {
  secret: string;
  address: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export const passwordProof = (
  secret: string,
  answer: { captchaId?: string | undefined; captchaCode?: string | undefined },
  address: string,
): PasswordProof => ({
  secret,
  address,
  captchaId: answer.captchaId,
  captchaCode: answer.captchaCode,
});

/** The delay of a wrong answer `excess` attempts past the free ones: 1 s, 2 s, 4 s… up to `maxMs`. */
export function penaltyMs(excess: number, maxMs: number): number {
  if (excess <= 0) return 0;
  return Math.min(maxMs, SIGN_IN_POLICY.firstDelayMs * 2 ** Math.min(excess - 1, 20));
}

const CAPTCHA_NEEDED = { captchaRequired: true };

/**
 * Every password check (sign-in, password changes, bind) goes through `check`. Each attempt
 * first takes a number from the address's and the subject's counters (one atomic statement
 * each), so parallel attempts cannot share a free check: past the free ones, each check costs a
 * solved single-use picture code. Wrong answers past the free ones are delayed. Nobody is
 * locked out by a few wrong passwords; only wrong passwords from many addresses pause a subject.
 */
export class LoginGuard {
  private readonly sweep: () => Promise<void>;

  constructor(
    private readonly counters: AttemptCounters,
    private readonly failures: LoginFailureRepository,
    private readonly captcha: CaptchaService,
    private readonly delay: PenaltyDelay,
    private readonly maxDelayMs: number,
    private readonly clock: Clock,
  ) {
    this.sweep = onceEvery(60_000, clock, (now) =>
      failures.prune(now - SIGN_IN_POLICY.lockWindowMs),
    );
  }

  /**
   * Passes when `proof` matches `stored`; throws `wrong` otherwise. A null `stored` (no such
   * account, or no password) costs the same scrypt work and fails like a wrong password.
   */
  async check(
    subject: string,
    stored: string | null,
    proof: PasswordProof,
    wrong: CodeName = 'LOGIN_FAILED',
  ): Promise<void> {
    const { windowMs, freePerAddress, freePerSubject } = SIGN_IN_POLICY;
    const address = addressKey(proof.address);
    const fromAddress = await this.counters.hit(`ip:${address}`, windowMs);
    // Without a code, an address past its free checks learns nothing about the subject.
    if (fromAddress.hits > freePerAddress) requireAnswer(proof);
    const forSubject = await this.counters.hit(subject, windowMs);
    const now = this.clock.now();
    if (forSubject.lockedUntil !== null && forSubject.lockedUntil > now) {
      throw new AppError('ACCOUNT_LOCKED', { unlockAt: forSubject.lockedUntil });
    }
    const excess = Math.max(fromAddress.hits - freePerAddress, forSubject.hits - freePerSubject);
    if (excess > 0) await this.takeCaptcha(proof);
    if (await passwordChecks.verify(proof.secret, stored)) {
      await this.counters.clear([subject]);
      await this.counters.refund(`ip:${address}`);
      return;
    }
    await this.noteFailure(subject, address, now);
    await this.delay.wait(penaltyMs(excess, this.maxDelayMs));
    throw new AppError(wrong, { captchaRequired: excess >= 0 });
  }

  /** Forgets a subject's counts and lock (its password was reset by SMS). */
  async forget(subjectKeys: readonly string[]): Promise<void> {
    await this.counters.clear(subjectKeys);
    await this.failures.clear(subjectKeys);
  }

  private async takeCaptcha(proof: PasswordProof): Promise<void> {
    const { captchaId, captchaCode } = requireAnswer(proof);
    if (!(await this.captcha.solved(captchaId, captchaCode))) {
      throw new AppError('CAPTCHA_WRONG', CAPTCHA_NEEDED);
    }
  }

  private async noteFailure(subject: string, address: string, now: number): Promise<void> {
    const { lockAddresses, lockWindowMs, lockMs } = SIGN_IN_POLICY;
    await this.sweep();
    await this.failures.record(subject, address, now);
    if ((await this.failures.countAddresses(subject, now - lockWindowMs)) >= lockAddresses) {
      await this.counters.lock(subject, now + lockMs);
    }
  }
}

function requireAnswer({ captchaId, captchaCode }: PasswordProof) {
  if (!captchaId || !captchaCode) throw new AppError('CAPTCHA_REQUIRED', CAPTCHA_NEEDED);
  return { captchaId, captchaCode };
}
