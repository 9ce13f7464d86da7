import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { CaptchaRepository } from '../repositories/captcha.repository.js';
import { addressKey } from './address-key.js';
import type { AttemptCounters } from './attempt-counters.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

export interface CaptchaLimits {
  perAddressPerMinute: number;
  /** Bounds the stored captchas: at most five minutes' worth of this many. */
  totalPerMinute: number;
}

/**
 * Picture codes that stand in front of every SMS send and of password checks past the free ones;
 * each can be answered once. Handing them out is limited per address and in total.
 */
export class CaptchaService {
  constructor(
    private readonly captchas: CaptchaRepository,
    private readonly counters: AttemptCounters,
    private readonly limits: CaptchaLimits,
    private readonly clock: Clock,
  ) {}

  async create(ip: string): Promise<{ captchaId: string; image: string; expiresIn: number }> {
    const mine = await this.counters.hit(`captcha:${addressKey(ip)}`, MINUTE_MS);
    if (mine.hits > this.limits.perAddressPerMinute) throw new AppError('CAPTCHA_TOO_FREQUENT');
    const all = await this.counters.hit('captcha:*', MINUTE_MS);
    if (all.hits > this.limits.totalPerMinute) throw new AppError('CAPTCHA_TOO_FREQUENT');
    const now = this.clock.now();
    await this.captchas.deleteExpired(now);
    const { data, text } = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      background: '#fff7ed',
      width: 120,
      height: 44,
    });
    const captchaId = randomUUID();
    await this.captchas.create(captchaId, text.toLowerCase(), now + CAPTCHA_TTL_MS);
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      expiresIn: CAPTCHA_TTL_MS / 1000,
    };
  }

  async verify(captchaId: string, answer: string): Promise<void> {
    if (!(await this.solved(captchaId, answer))) throw new AppError('CAPTCHA_WRONG');
  }

  /** Consumes the captcha whether or not the answer is right, so it cannot be guessed at. */
  async solved(captchaId: string, answer: string): Promise<boolean> {
    const stored = await this.captchas.take(captchaId);
    return (
      stored !== undefined &&
      stored.expiresAt > this.clock.now() &&
      stored.answer === answer.trim().toLowerCase()
    );
  }
}
