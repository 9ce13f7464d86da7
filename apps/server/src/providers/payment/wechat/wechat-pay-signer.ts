import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay v3's one signature scheme: RSA-SHA256 (PKCS#1 v1.5) over the parts each followed by
 * a line feed, base64. Requests, answers, notifications and the client's pay parameters all use it.
 */
export function signLines(privateKey: KeyObject, parts: readonly string[]): string {
  return createSign('RSA-SHA256').update(lines(parts)).sign(privateKey, 'base64');
}

export function verifyLines(
  publicKey: KeyObject,
  parts: readonly string[],
  signature: string,
): boolean {
  return createVerify('RSA-SHA256').update(lines(parts)).verify(publicKey, signature, 'base64');
}

const lines = (parts: readonly string[]) => parts.map((part) => `${part}\n`).join('');

/** 32 characters of [0-9A-Z], as WeChat's own examples use. */
export const nonceString = (): string => randomBytes(16).toString('hex').toUpperCase();

export interface MerchantIdentity {
  mchid: string;
  /** The serial number of the merchant's API certificate. */
  serial: string;
  privateKey: KeyObject;
}

/**
 * The `Authorization` header of one request: the message is method, path with query, timestamp
 * (seconds), nonce and body (empty for GET).
 */
export function authorization(
  merchant: MerchantIdentity,
  request: { method: string; pathWithQuery: string; body: string },
  timestamp: number,
  nonce: string,
): string {
  const signature = signLines(merchant.privateKey, [
    request.method,
    request.pathWithQuery,
    String(timestamp),
    nonce,
    request.body,
  ]);
  const fields = {
    mchid: merchant.mchid,
    nonce_str: nonce,
    signature,
    timestamp: String(timestamp),
    serial_no: merchant.serial,
  };
  const list = Object.entries(fields).map(([key, value]) => `${key}="${value}"`);
  return `WECHATPAY2-SHA256-RSA2048 ${list.join(',')}`;
}
