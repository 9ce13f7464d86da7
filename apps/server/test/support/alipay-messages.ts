import { createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay's RSA2 signatures written from its documentation (opendocs "自行实现签名" and "异步通知验签")
 * with node:crypto and nothing of src/ or alipay-sdk: the stand-in and the tests use it.
 */

/** Sorted `key=value` pairs joined by `&`, without `sign`, the listed keys and empty values. */
export function signContent(fields: Record<string, string>, without: string[] = []): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign' && !without.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

export const rsa2 = (key: KeyObject, content: string): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** Why a merchant's call is not signed by its app key, or null (requests sign `sign_type` too). */
export function requestProblem(
  fields: Record<string, string>,
  appPublicKey: KeyObject,
): string | null {
  if (fields.sign_type !== 'RSA2') return `sign_type ${fields.sign_type}`;
  const valid = createVerify('RSA-SHA256')
    .update(signContent(fields), 'utf8')
    .verify(appPublicKey, fields.sign ?? '', 'base64');
  return valid ? null : 'sign does not match';
}

/**
 * A notification's form body, empty fields left out: signed without `sign` and `sign_type`, as
 * Alipay signs them.
 */
export function signedNotification(fields: Record<string, string>, alipayKey: KeyObject): string {
  const present = Object.entries(fields).filter(([, value]) => value !== '');
  const all = { ...Object.fromEntries(present), sign_type: 'RSA2' };
  return new URLSearchParams({
    ...all,
    sign: rsa2(alipayKey, signContent(all, ['sign_type'])),
  }).toString();
}

/** An OpenAPI answer: the response object's exact JSON text is what Alipay signs. */
export function signedAnswer(method: string, response: object, alipayKey: KeyObject): string {
  const json = JSON.stringify(response);
  return `{"${method.replace(/\./g, '_')}_response":${json},"sign":"${rsa2(alipayKey, json)}"}`;
}
