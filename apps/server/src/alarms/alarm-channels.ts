import type { PushClientRow } from '../db/schema.js';
import type { AlarmNotice } from '../providers/alarm-notice.js';
import type { DeliveryOutcome } from '../providers/delivery-outcome.js';

/** What a push notification carries (public/sw.js shows it; a tap opens the alarm). */
export interface PushMessage {
  alarmId: number;
  terminalId: number;
  title: string;
  body: string;
}

/** The four ways an alarm reaches people (§4), each answering an outcome, never throwing. */
export interface AlarmChannels {
  push(client: PushClientRow, message: PushMessage): Promise<DeliveryOutcome>;
  sms(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome>;
  tel(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome>;
  wechat(openId: string, notice: AlarmNotice, url: string): Promise<DeliveryOutcome>;
}

export type ChannelName = keyof AlarmChannels;
