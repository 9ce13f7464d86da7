import { deliverViaAliyun } from '../aliyun/aliyun-delivery.js';
import type { AliyunClient } from '../aliyun/aliyun-rpc.js';
import { alarmTemplateParams, type AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';
import type { VoiceCallProvider } from './voice-call-provider.js';

export interface AliyunVoiceOptions extends AliyunClient {
  /** The number the callee sees (a number bought in the Dyvms console). */
  showNumber: string;
  /** Approved TTS template with the variables `${device}`, `${alarm}`, `${time}`, `${address}`. */
  ttsCode: string;
}

/** Aliyun Dyvms `SingleCallByTts` (API version 2017-05-25); the reference is the CallId. */
export class AliyunVoiceCallProvider implements VoiceCallProvider {
  readonly name = 'aliyun';

  constructor(private readonly options: AliyunVoiceOptions) {}

  call(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome> {
    const params = {
      CalledShowNumber: this.options.showNumber,
      CalledNumber: phoneNumber,
      TtsCode: this.options.ttsCode,
      TtsParam: JSON.stringify(alarmTemplateParams(notice)),
    };
    return deliverViaAliyun(
      'Aliyun voice',
      this.options,
      { action: 'SingleCallByTts', version: '2017-05-25', params },
      'CallId',
    );
  }
}
