import type { FastifyBaseLogger } from 'fastify';
import type { SmsRepository } from '../../repositories/sms.repository.js';
import type { SmsProvider } from './sms-provider.js';

/**
 * For development and tests only (configuration refuses it in production): instead of sending,
 * it writes the message to the outbox table (`npm run admin -- sms:outbox`) and to the log.
 */
export class DevelopmentSmsProvider implements SmsProvider {
  readonly name = 'development';

  constructor(
    private readonly sms: SmsRepository,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async sendVerificationCode(phoneNumber: string, code: string): Promise<void> {
    const message = `【寻迹】验证码 ${code}，5 分钟内有效。Xunji code ${code}, valid for 5 minutes.`;
    await this.sms.addToOutbox(phoneNumber, message, Date.now());
    this.logger.info({ phoneNumber, outbox: message }, 'development SMS (not sent)');
  }
}
