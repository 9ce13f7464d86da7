import type { Config } from '../../config.js';
import type { SettingsRepository } from '../../repositories/settings.repository.js';
import { loadVapidKeys } from './vapid-keys.js';
import { WebPushSender } from './web-push-sender.js';

/** The sender with the server's VAPID keys (made and stored at the first start). */
export async function createWebPushSender(
  config: Config,
  settings: SettingsRepository,
): Promise<WebPushSender> {
  return new WebPushSender({
    keys: await loadVapidKeys(settings),
    subject: config.webPush.subject,
  });
}
