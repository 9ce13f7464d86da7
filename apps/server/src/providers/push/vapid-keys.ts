import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SettingsRepository } from '../../repositories/settings.repository.js';

/** The server's P-256 identity towards push services (RFC 8292), base64url. */
export interface VapidKeys {
  /** The uncompressed point (65 bytes): the browser's `applicationServerKey`. */
  publicKey: string;
  /** The private scalar d (32 bytes). */
  privateKey: string;
}

const SETTING = 'vapid_keys';

export function generateVapidKeys(): VapidKeys {
  const { x, y, d } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'jwk',
  });
  if (!x || !y || !d) throw new Error('P-256 key export lacks a coordinate');
  const point = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(x, 'base64url'),
    Buffer.from(y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: d };
}

/** The key pair made at first start and kept in `server_settings`, so subscriptions stay valid. */
export async function loadVapidKeys(settings: SettingsRepository): Promise<VapidKeys> {
  const stored = await settings.getOrCreate(SETTING, () => JSON.stringify(generateVapidKeys()));
  const keys = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`setting ${SETTING} is not a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('VAPID public key is not a point');
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
      d: keys.privateKey,
    },
  });
}
