import {
  createCipheriv,
  createSign,
  createVerify,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';

/**
 * WeChat Pay v3's side of the signatures, written from its documentation with node:crypto and
 * nothing of src/: the stand-in and the signature tests use it, so src/ is checked against an
 * independent reading of the same rules.
 */

/** The platform's key (public-key mode: its id is PUB_KEY_ID_…; certificate mode: a serial). */
export interface PlatformSigner {
  serial: string;
  privateKey: KeyObject;
}

const rsaSha256 = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');

/** The Wechatpay-* headers of an answer or notification with this body. */
export function platformHeaders(
  platform: PlatformSigner,
  body: string,
  timestampSeconds: number,
  nonce = randomUUID().replace(/-/g, ''),
): Record<string, string> {
  return {
    'wechatpay-serial': platform.serial,
    'wechatpay-timestamp': String(timestampSeconds),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSha256(
      platform.privateKey,
      `${timestampSeconds}\n${nonce}\n${body}\n`,
    ),
  };
}

/** AEAD_AES_256_GCM with the APIv3 key, the 16-byte tag appended to the ciphertext. */
export function encryptResource(plain: string, apiV3Key: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: sealed.toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}

/** A notification's JSON body as WeChat Pay posts it. */
export function notificationBody(eventType: string, resource: object, apiV3Key: string): string {
  const refund = eventType.startsWith('REFUND.');
  return JSON.stringify({
    id: randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: refund ? '退款成功' : '支付成功',
    resource: {
      ...encryptResource(JSON.stringify(resource), apiV3Key, refund ? 'refund' : 'transaction'),
      original_type: refund ? 'refund' : 'transaction',
    },
  });
}

const AUTHORIZATION =
  /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]+)",nonce_str="([^"]+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"$/;

/** Why a merchant's request is not signed right, or null: what the gateway answers SIGN_ERROR to. */
export function authorizationProblem(
  header: string | undefined,
  request: { method: string; pathWithQuery: string; body: string },
  merchant: { mchid: string; serial: string; publicKey: KeyObject },
): string | null {
  const match = AUTHORIZATION.exec(header ?? '');
  if (!match) return 'Authorization is not WECHATPAY2-SHA256-RSA2048';
  const [, mchid, nonce, signature, timestamp, serial] = match;
  if (mchid !== merchant.mchid) return `mchid ${mchid}`;
  if (serial !== merchant.serial) return `serial_no ${serial}`;
  const message = `${request.method}\n${request.pathWithQuery}\n${timestamp}\n${nonce}\n${request.body}\n`;
  const valid = createVerify('RSA-SHA256')
    .update(message)
    .verify(merchant.publicKey, signature!, 'base64');
  return valid ? null : 'signature does not match';
}
