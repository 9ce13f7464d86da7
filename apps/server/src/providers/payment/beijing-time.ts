import { localDateTime, zonedToEpoch } from '@xunji/shared';

/** Both Chinese payment providers speak Beijing time (UTC+8, no DST). */
const BEIJING = 'Asia/Shanghai';

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (Alipay). */
export const beijingDateTime = (ms: number): string => localDateTime(ms, BEIJING);

/** RFC 3339 with the +08:00 offset (WeChat Pay's `time_expire`). */
export const beijingRfc3339 = (ms: number): string =>
  `${beijingDateTime(ms).replace(' ', 'T')}+08:00`;

/** Alipay's `yyyy-MM-dd HH:mm:ss` → epoch ms; null when absent or not a time. */
export const parseBeijingDateTime = (text: string | undefined): number | null =>
  text ? (zonedToEpoch(text, BEIJING) ?? null) : null;
