import webPush from 'web-push';
import type { SettingsRepository } from '../../repositories/settings.repository.js';

/** The server's P-256 identity towards push services (RFC 8292), base64url. */
export interface VapidKeys {
  /** The uncompressed point (65 bytes): the browser's `applicationServerKey`. */
  publicKey: string;
  /** The private scalar d (32 bytes). */
  privateKey: string;
}

const SETTING = 'vapid_keys';

/** The key pair made at first start and kept in `server_settings`, so subscriptions stay valid. */
export async function loadVapidKeys(settings: SettingsRepository): Promise<VapidKeys> {
  const stored = await settings.getOrCreate(SETTING, () =>
    JSON.stringify(webPush.generateVAPIDKeys()),
  );
  const keys = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`setting ${SETTING} is not a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
