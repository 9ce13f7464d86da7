import {
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * The browser's side of Web Push, written apart from the server's encryptor so that a mistake
 * in one is not mirrored in the other: key objects and Diffie-Hellman instead of createECDH,
 * HKDF spelled out with HMAC instead of hkdfSync.
 */
export interface PushReceiver {
  privateKey: KeyObject;
  /** As `PushSubscription.toJSON().keys`. */
  keys: { p256dh: string; auth: string };
}

const pointOf = (x: string, y: string) =>
  Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);

export function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
}

export function newPushReceiver(): PushReceiver {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x = '', y = '' } = publicKey.export({ format: 'jwk' });
  return {
    privateKey,
    keys: {
      p256dh: pointOf(x, y).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** A receiver from given keys (base64url), e.g. RFC 8291's example. */
export function pushReceiverOf(privateKey: string, p256dh: string, auth: string): PushReceiver {
  const point = Buffer.from(p256dh, 'base64url');
  const { x, y } = p256PublicKey(point).export({ format: 'jwk' });
  return {
    privateKey: createPrivateKey({
      format: 'jwk',
      key: { kty: 'EC', crv: 'P-256', x, y, d: privateKey },
    }),
    keys: { p256dh, auth },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 5869 with one block of output (every length here is ≤ 32). */
function hkdf(salt: Buffer, ikm: Buffer, info: string | Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([Buffer.from(info), Buffer.from([1])])).subarray(0, length);
}

/** Reads an aes128gcm body (RFC 8188) as RFC 8291 prescribes; throws on any inconsistency. */
export function decryptPushMessage(body: Buffer, receiver: PushReceiver): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  if (keyIdLength !== 65) throw new Error(`keyid of ${keyIdLength} bytes, not a P-256 point`);
  const senderPoint = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  if (record.length < 17) throw new Error('record shorter than the tag and delimiter');

  const receiverPoint = Buffer.from(receiver.keys.p256dh, 'base64url');
  const shared = diffieHellman({
    privateKey: receiver.privateKey,
    publicKey: p256PublicKey(senderPoint),
  });
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\x00'), receiverPoint, senderPoint]);
  const ikm = hkdf(Buffer.from(receiver.keys.auth, 'base64url'), shared, keyInfo, 32);
  const key = hkdf(salt, ikm, 'Content-Encoding: aes128gcm\x00', 16);
  const nonce = hkdf(salt, ikm, 'Content-Encoding: nonce\x00', 12);

  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with delimiter 0x02');
  return padded.subarray(0, end);
}
