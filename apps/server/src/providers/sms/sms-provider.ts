/** Sends text messages; one implementation per vendor, chosen by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  sendVerificationCode(phoneNumber: string, code: string): Promise<void>;
}

export class SmsSendError extends Error {}
