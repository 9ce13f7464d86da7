import { createHash } from 'node:crypto';
import type { Language } from '@xunji/shared';
import type { Clock } from '../clock.js';
import { fieldError } from '../http/validation.js';
import { isPublicPushEndpoint } from '../providers/push/push-endpoint.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';

/** Browsers that receive alarm notifications (Web Push), registered by their users. */
export class PushClientService {
  constructor(
    private readonly clients: PushClientRepository,
    private readonly publicKey: string,
    private readonly clock: Clock,
    /** Production: push services are public https hosts only. */
    private readonly publicOnly: boolean,
  ) {}

  vapidKey(): { publicKey: string } {
    return { publicKey: this.publicKey };
  }

  /** The id is derived from the endpoint: a browser registering again keeps its id. */
  async register(
    userId: number,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    language: Language,
  ): Promise<{ pushClientId: string }> {
    if (this.publicOnly && !isPublicPushEndpoint(subscription.endpoint))
      throw fieldError('endpoint', 'pushSubscription');
    const id = createHash('sha256').update(subscription.endpoint).digest('base64url').slice(0, 32);
    await this.clients.save({
      id,
      userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      language,
      createdAt: this.clock.now(),
    });
    return { pushClientId: id };
  }

  async unregister(userId: number, id: string): Promise<void> {
    await this.clients.delete(id, userId);
  }
}
