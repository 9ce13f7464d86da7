import type { AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';

/** Sends an alarm to a follower of the official account; chosen by WECHAT_PROVIDER. */
export interface WechatAlarmSender {
  readonly name: string;
  /** `url`: the page the message opens. Delivered carries the message id. */
  send(openId: string, notice: AlarmNotice, options?: { url?: string }): Promise<DeliveryOutcome>;
}
