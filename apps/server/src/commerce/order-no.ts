import { randomInt } from 'node:crypto';

/** China Standard Time has no daylight saving: a fixed offset gives the merchant's local time. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const RANDOM_DIGITS = 8;

/** `20261126134501` for that instant in China Standard Time. */
function chinaStamp(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * A merchant order or refund number: prefix, yyyyMMddHHmmss and 8 random digits (≤ 30
 * characters: WeChat Pay allows 32, Alipay 64). The unique index decides; a clash is drawn again.
 */
export function merchantNumber(prefix: string, now: number): string {
  const random = String(randomInt(10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, '0');
  return `${prefix}${chinaStamp(now)}${random}`;
}
