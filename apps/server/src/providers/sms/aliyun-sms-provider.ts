import { deliverViaAliyun } from '../aliyun/aliyun-delivery.js';
import { callAliyunRpc, type AliyunClient } from '../aliyun/aliyun-rpc.js';
import { alarmTemplateParams, type AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';
import { SmsSendError, type SmsProvider } from './sms-provider.js';

export interface AliyunSmsOptions extends AliyunClient {
  signName: string;
  templateCode: string;
  /** Template with the variables `${device}`, `${alarm}`, `${time}` and `${address}`. */
  alarmTemplateCode?: string | undefined;
}

const VERSION = '2017-05-25';

/** Aliyun Dysms `SendSms` (API version 2017-05-25): verification codes and alarms. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly options: AliyunSmsOptions) {}

  private params(phoneNumber: string, templateCode: string, variables: object) {
    return {
      PhoneNumbers: phoneNumber,
      SignName: this.options.signName,
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(variables),
    };
  }

  async sendVerificationCode(phoneNumber: string, code: string): Promise<void> {
    const params = this.params(phoneNumber, this.options.templateCode, { code });
    let body: { Code?: string; Message?: string };
    try {
      ({ body } = await callAliyunRpc(this.options, 'SendSms', VERSION, params));
    } catch (error) {
      throw new SmsSendError(`Aliyun SMS request failed: ${String(error)}`);
    }
    if (body.Code !== 'OK')
      throw new SmsSendError(`Aliyun SMS refused: ${body.Code ?? '?'} ${body.Message ?? ''}`);
  }

  async sendAlarm(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome> {
    const templateCode = this.options.alarmTemplateCode;
    if (!templateCode) {
      throw new SmsSendError(
        'Aliyun alarm SMS is not configured: set ALIYUN_SMS_ALARM_TEMPLATE_CODE',
      );
    }
    const params = this.params(phoneNumber, templateCode, alarmTemplateParams(notice));
    return deliverViaAliyun(
      'Aliyun SMS',
      this.options,
      { action: 'SendSms', version: VERSION, params },
      'BizId',
    );
  }
}
