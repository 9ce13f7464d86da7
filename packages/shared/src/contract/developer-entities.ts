/** Spec §6 developer mode: the messages sent to the caller. */
import { z } from 'zod';

export const PUSH_MESSAGE_CHANNELS = ['push', 'sms', 'tel', 'wechat'] as const;
export const PUSH_MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'throttled', 'gone'] as const;

/** One message sent to the caller: a Web Push, a text, a call or a WeChat message. */
export const PushMessageRecord = z.object({
  id: z.number().int(),
  channel: z.enum(PUSH_MESSAGE_CHANNELS),
  /** The alarm behind it; null for a test alarm. */
  alarmId: z.number().int().nullable(),
  alarmType: z.string().nullable(),
  deviceName: z.string().nullable(),
  /** Where it went: a push client id, a phone number or an openid. */
  recipient: z.string(),
  status: z.enum(PUSH_MESSAGE_STATUSES),
  attempts: z.number().int(),
  /** The vendor's reference when delivered, its refusal otherwise. */
  detail: z.string().nullable(),
  createTime: z.number().int(),
  sentTime: z.number().int().nullable(),
});
export type PushMessageRecord = z.infer<typeof PushMessageRecord>;

export const PushMessagePage = z.object({
  list: z.array(PushMessageRecord),
  count: z.number().int(),
});
export type PushMessagePage = z.infer<typeof PushMessagePage>;
