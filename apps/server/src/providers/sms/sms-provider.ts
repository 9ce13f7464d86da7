import type { AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';

/** Sends text messages; one implementation per vendor, chosen by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  sendVerificationCode(phoneNumber: string, code: string): Promise<void>;
  /** Throws SmsSendError only when alarm messages are not configured for the vendor. */
  sendAlarm(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome>;
}

export class SmsSendError extends Error {}
