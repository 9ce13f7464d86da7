import { sign, type KeyObject } from 'node:crypto';

/** RFC 8292 allows at most 24 h; 12 h leaves room for a push service's clock being ahead. */
const TOKEN_LIFE_S = 12 * 3600;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` for one push endpoint: an ES256 JWT whose
 * audience is the endpoint's origin, signed in JOSE form (r||s, 64 bytes).
 */
export function vapidAuthorization(
  endpoint: URL,
  key: { signing: KeyObject; publicKey: string },
  subject: string,
  nowMs: number,
): string {
  const claims = {
    aud: endpoint.origin,
    exp: Math.floor(nowMs / 1000) + TOKEN_LIFE_S,
    sub: subject,
  };
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), {
    key: key.signing,
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${key.publicKey}`;
}
