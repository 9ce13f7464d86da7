import type { FastifyBaseLogger } from 'fastify';
import type { SmsRepository } from '../../repositories/sms.repository.js';
import { alarmText, type AlarmNotice } from '../alarm-notice.js';
import { delivered, failed, type DeliveryOutcome } from '../delivery-outcome.js';
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
    await this.keep(
      phoneNumber,
      `【寻迹】验证码 ${code}，5 分钟内有效。Xunji code ${code}, valid for 5 minutes.`,
    );
  }

  async sendAlarm(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome> {
    try {
      await this.keep(phoneNumber, alarmText(notice));
      return delivered();
    } catch (error) {
      return failed(true, `development outbox: ${String(error)}`);
    }
  }

  private async keep(phoneNumber: string, message: string): Promise<void> {
    await this.sms.addToOutbox(phoneNumber, message, Date.now());
    this.logger.info({ phoneNumber, outbox: message }, 'development SMS (not sent)');
  }
}
