import type { KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../clock.js';
import {
  DELIVERY_TIMEOUT_MS,
  delivered,
  failed,
  unreachable,
  type DeliveryOutcome,
} from '../delivery-outcome.js';
import { encryptPushPayload, type PushKeys } from './payload-encryption.js';
import { vapidAuthorization } from './vapid-authorization.js';
import { vapidSigningKey, type VapidKeys } from './vapid-keys.js';

/** A browser's push subscription (`PushSubscription.toJSON()`). */
export interface PushSubscription {
  endpoint: string;
  keys: PushKeys;
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface WebPushOptions {
  /** How long the push service keeps the message for an offline browser (0: deliver now or drop). */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Replaces an undelivered message of the same topic: ≤ 32 characters of base64url. */
  topic?: string;
}

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** `mailto:` or `https:` contact for the push service's operators (VAPID_SUBJECT). */
  subject: string;
  clock?: Clock;
  fetch?: typeof fetch;
}

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291). */
export class WebPushSender {
  readonly name = 'web-push';
  private readonly signing: KeyObject;

  constructor(private readonly options: WebPushSenderOptions) {
    this.signing = vapidSigningKey(options.keys);
  }

  /** What the browser passes to `pushManager.subscribe({ applicationServerKey })`. */
  get applicationServerKey(): string {
    return this.options.keys.publicKey;
  }

  async send(
    subscription: PushSubscription,
    payload: string | object,
    options: WebPushOptions,
  ): Promise<DeliveryOutcome> {
    if (options.topic !== undefined && !TOPIC.test(options.topic))
      return failed(false, `push topic ${JSON.stringify(options.topic)} is not ≤ 32 base64url`);
    let endpoint: URL;
    let body: Buffer;
    try {
      endpoint = new URL(subscription.endpoint);
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      body = encryptPushPayload(Buffer.from(text), subscription.keys);
    } catch (error) {
      // a bad endpoint URL, bad keys or a too large payload: the same message can never work
      return failed(false, `push not sent: ${error instanceof Error ? error.message : error}`);
    }
    const headers: Record<string, string> = {
      authorization: vapidAuthorization(
        endpoint,
        { signing: this.signing, publicKey: this.options.keys.publicKey },
        this.options.subject,
        (this.options.clock ?? systemClock).now(),
      ),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(Math.max(0, Math.floor(options.ttlSeconds))),
      urgency: options.urgency,
      ...(options.topic ? { topic: options.topic } : {}),
    };
    let status: number;
    let text: string;
    let location: string | null;
    try {
      const response = await (this.options.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      ({ status } = response);
      location = response.headers.get('location');
      text = (await response.text()).slice(0, 200);
    } catch (error) {
      return unreachable('push service', error);
    }
    if (status >= 200 && status < 300) return delivered(location ?? undefined);
    const reason = `push service answered ${status}${text ? `: ${text}` : ''}`;
    if (status === 404 || status === 410)
      return { ok: false, retryable: false, reason, status, gone: true };
    return failed(status === 429 || status >= 500, reason, status);
  }
}
