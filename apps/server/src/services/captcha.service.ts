import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { CaptchaRepository } from '../repositories/captcha.repository.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Picture codes that stand in front of every SMS send; each can be answered once. */
export class CaptchaService {
  constructor(
    private readonly captchas: CaptchaRepository,
    private readonly clock: Clock,
  ) {}

  async create(): Promise<{ captchaId: string; image: string; expiresIn: number }> {
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

  /** Consumes the captcha whether or not the answer is right, so it cannot be guessed at. */
  async verify(captchaId: string, answer: string): Promise<void> {
    const stored = await this.captchas.take(captchaId);
    if (
      !stored ||
      stored.expiresAt <= this.clock.now() ||
      stored.answer !== answer.trim().toLowerCase()
    ) {
      throw new AppError('CAPTCHA_WRONG');
    }
  }
}
