import { alarmText, type AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';
import type { DevelopmentDelivery } from '../development-delivery.js';
import type { WechatAlarmSender } from './wechat-alarm-sender.js';

/** Keeps the message in `dev_outbox` (channel `wechat`, recipient the openId) and the log. */
export class DevelopmentWechatSender implements WechatAlarmSender {
  readonly name = 'development';

  constructor(private readonly development: DevelopmentDelivery) {}

  send(
    openId: string,
    notice: AlarmNotice,
    options: { url?: string } = {},
  ): Promise<DeliveryOutcome> {
    const link = options.url ? ` ${options.url}` : '';
    return this.development.record('wechat', openId, `${alarmText(notice)}${link}`);
  }
}
