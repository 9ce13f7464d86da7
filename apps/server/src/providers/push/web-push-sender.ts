import webPush, { type Headers as PushHeaders, type RequestDetails } from 'web-push';
import {
  DELIVERY_TIMEOUT_MS,
  delivered,
  failed,
  unreachable,
  type DeliveryOutcome,
} from '../delivery-outcome.js';
import { VapidAuthorizations } from './vapid-authorization.js';
import type { VapidKeys } from './vapid-keys.js';

/** A browser's push subscription (`PushSubscription.toJSON()`). */
export interface PushSubscription {
  endpoint: string;
  keys: {
    /** The user agent's P-256 public key, uncompressed point, base64url. */
    p256dh: string;
    /** The 16-byte authentication secret, base64url. */
    auth: string;
  };
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
  fetch?: typeof fetch;
}

/**
 * Push services must accept 4096 bytes of body (RFC 8030 §7.2): what is left after the aes128gcm
 * header (salt 16, record size 4, key id 1 + 65), the padding delimiter (1) and the tag (16). The
 * library would split a longer payload into records that push services refuse.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 1 - 16;

/**
 * Web Push (RFC 8030): the `web-push` library encrypts (RFC 8291, aes128gcm) and signs VAPID
 * (RFC 8292); the request goes out through fetch so that every answer becomes a delivery outcome.
 */
export class WebPushSender {
  readonly name = 'web-push';
  private readonly authorizations: VapidAuthorizations;

  constructor(private readonly options: WebPushSenderOptions) {
    this.authorizations = new VapidAuthorizations(options.keys, options.subject);
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
    let request: RequestDetails;
    try {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const size = Buffer.byteLength(text);
      if (size > MAX_PUSH_PAYLOAD_BYTES)
        throw new Error(`payload of ${size} bytes exceeds ${MAX_PUSH_PAYLOAD_BYTES}`);
      request = webPush.generateRequestDetails(subscription, text, {
        TTL: Math.max(0, Math.floor(options.ttlSeconds)),
        urgency: options.urgency,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
        contentEncoding: 'aes128gcm',
        headers: { Authorization: this.authorizations.for(new URL(subscription.endpoint)) },
      });
    } catch (error) {
      // a bad endpoint URL, keys or topic, or a too large payload: the same message can never work
      return failed(false, `push not sent: ${error instanceof Error ? error.message : error}`);
    }
    let status: number;
    let text: string;
    let location: string | null;
    try {
      const response = await (this.options.fetch ?? fetch)(request.endpoint, {
        method: request.method,
        headers: fetchHeaders(request.headers),
        body: request.body ? new Uint8Array(request.body) : null,
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

/** The library's headers as fetch takes them; fetch sets the length of the body itself. */
function fetchHeaders(headers: PushHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}
