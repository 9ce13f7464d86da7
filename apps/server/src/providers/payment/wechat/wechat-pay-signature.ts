import type { KeyObject } from 'node:crypto';
import { verifyLines } from './wechat-pay-signer.js';

/** Where the key that signed an answer or notification is found, by `Wechatpay-Serial`. */
export interface PlatformKeys {
  find(serial: string): Promise<KeyObject | undefined>;
}

/** WeChat Pay refuses requests more than 5 minutes off; we refuse its messages the same way. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Why an answer or notification of WeChat Pay is not to be trusted, or null when it is: its
 * `Wechatpay-Signature` must be the platform key's signature over timestamp, nonce and the exact
 * body, by a key we know (`Wechatpay-Serial`), made within 5 minutes of `now`. WeChat sends probes
 * with `WECHATPAY/SIGNTEST/` signatures on purpose; they fail like any bad signature.
 */
export async function signatureProblem(
  headers: Readonly<Record<string, string | undefined>>,
  body: string,
  keys: PlatformKeys,
  now: number,
): Promise<string | null> {
  const signature = headers['wechatpay-signature'];
  const timestamp = headers['wechatpay-timestamp'];
  const nonce = headers['wechatpay-nonce'];
  const serial = headers['wechatpay-serial'];
  if (!signature || !timestamp || !nonce || !serial) return 'Wechatpay-* headers missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number';
  if (Math.abs(now - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS)
    return `Wechatpay-Timestamp ${timestamp} is more than 5 minutes off`;
  let key: KeyObject | undefined;
  try {
    key = await keys.find(serial);
  } catch (error) {
    return `platform keys unavailable: ${(error as Error).message}`;
  }
  if (!key) return `unknown Wechatpay-Serial ${serial}`;
  return verifyLines(key, [timestamp, nonce, body], signature)
    ? null
    : 'Wechatpay-Signature does not match';
}

/** Header names lowercased, as Fastify gives a notification's. */
export const headerRecord = (headers: Headers): Record<string, string> =>
  Object.fromEntries(headers.entries());
