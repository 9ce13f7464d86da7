import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** The subscription's keys as the browser gives them (`PushSubscription.toJSON().keys`). */
export interface PushKeys {
  /** The user agent's P-256 public key, uncompressed point, base64url. */
  p256dh: string;
  /** The 16-byte authentication secret, base64url. */
  auth: string;
}

const RECORD_SIZE = 4096;
const HEADER_SIZE = 16 + 4 + 1 + 65;
const TAG_SIZE = 16;

/**
 * Push services must accept 4096 bytes of body (RFC 8030 §7.2); what is left of that after the
 * header, the delimiter and the tag is the largest payload.
 */
export const MAX_PUSH_PAYLOAD_BYTES = RECORD_SIZE - HEADER_SIZE - 1 - TAG_SIZE;

export class PushPayloadError extends Error {}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 message encryption in one aes128gcm record (RFC 8188). `fixed` replaces the random
 * salt and ephemeral key, for the RFC's worked example only.
 */
export function encryptPushPayload(
  plaintext: Buffer,
  keys: PushKeys,
  fixed?: { salt: Buffer; serverPrivateKey: Buffer },
): Buffer {
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) {
    throw new PushPayloadError(
      `payload of ${plaintext.length} bytes exceeds ${MAX_PUSH_PAYLOAD_BYTES}`,
    );
  }
  const uaPublic = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  if (uaPublic.length !== 65 || uaPublic[0] !== 0x04 || authSecret.length !== 16) {
    throw new PushPayloadError('subscription keys are not a P-256 point and a 16-byte secret');
  }
  const server = createECDH('prime256v1');
  if (fixed) server.setPrivateKey(fixed.serverPrivateKey);
  else server.generateKeys();
  const asPublic = server.getPublicKey();
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = server.computeSecret(uaPublic);
  } catch {
    throw new PushPayloadError('subscription key p256dh is not on the P-256 curve');
  }
  const salt = fixed?.salt ?? randomBytes(16);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const record = Buffer.concat([
    cipher.update(Buffer.concat([plaintext, Buffer.from([0x02])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, record]);
}
