import { randomInt } from 'node:crypto';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { SmsSendError, type SmsProvider } from '../providers/sms/sms-provider.js';
import type { SmsRepository } from '../repositories/sms.repository.js';
import type { CaptchaService } from './captcha.service.js';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
const DAY_MS = 24 * 3600_000;
const MAX_WRONG_ATTEMPTS = 5;

export interface SmsLimits {
  dailyPerPhone: number;
  dailyPerIp: number;
}

/** Verification codes: one per number per minute, capped per day, 5 minutes, single use. */
export class SmsService {
  constructor(
    private readonly sms: SmsRepository,
    private readonly captcha: CaptchaService,
    private readonly provider: SmsProvider,
    private readonly limits: SmsLimits,
    private readonly clock: Clock,
  ) {}

  async requestCode(input: {
    phoneNumber: string;
    captchaId: string;
    captchaCode: string;
    ip: string;
  }): Promise<{ expiresIn: number; resendIn: number }> {
    await this.captcha.verify(input.captchaId, input.captchaCode);
    const now = this.clock.now();
    const latest = await this.sms.latestForPhone(input.phoneNumber);
    if (latest && now - latest.createdAt < SMS_RESEND_MS) {
      const retryAfter = Math.ceil((latest.createdAt + SMS_RESEND_MS - now) / 1000);
      throw new AppError('SMS_TOO_FREQUENT', { retryAfter });
    }
    const since = now - DAY_MS;
    if (
      (await this.sms.countSince({ phoneNumber: input.phoneNumber }, since)) >=
        this.limits.dailyPerPhone ||
      (await this.sms.countSince({ ip: input.ip }, since)) >= this.limits.dailyPerIp
    ) {
      throw new AppError('SMS_DAILY_LIMIT');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.sms.createCode({
      phoneNumber: input.phoneNumber,
      code,
      ip: input.ip,
      createdAt: now,
      expiresAt: now + SMS_CODE_TTL_MS,
    });
    try {
      await this.provider.sendVerificationCode(input.phoneNumber, code);
    } catch (error) {
      if (error instanceof SmsSendError) throw new AppError('SMS_SEND_FAILED');
      throw error;
    }
    return { expiresIn: SMS_CODE_TTL_MS / 1000, resendIn: SMS_RESEND_MS / 1000 };
  }

  /** Uses up the latest code sent to the number when it matches. */
  async consumeCode(phoneNumber: string, code: string): Promise<void> {
    const latest = await this.sms.latestForPhone(phoneNumber);
    const now = this.clock.now();
    if (
      !latest ||
      latest.usedAt !== null ||
      latest.expiresAt <= now ||
      latest.failedAttempts >= MAX_WRONG_ATTEMPTS
    ) {
      throw new AppError('SMS_CODE_EXPIRED');
    }
    if (latest.code !== code) {
      await this.sms.recordFailedAttempt(latest.id);
      throw new AppError('SMS_CODE_WRONG');
    }
    if (!(await this.sms.markUsed(latest.id, now))) throw new AppError('SMS_CODE_EXPIRED');
  }
}
