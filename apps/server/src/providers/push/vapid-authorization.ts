import webPush from 'web-push';
import type { VapidKeys } from './vapid-keys.js';

/** The library makes tokens valid for 12 h (RFC 8292 allows 24); one is reused for an hour. */
const REUSE_MS = 3600_000;
/** Endpoints are users' input: the cache of push-service origins stays small whatever they send. */
const MAX_ORIGINS = 64;

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` per push-service origin, signed by the web-push
 * library and kept for an hour: the library signs with a PEM key it rebuilds every time (~0.4 ms
 * of the event loop per push, twice what encrypting the payload costs).
 */
export class VapidAuthorizations {
  private readonly byOrigin = new Map<string, { value: string; madeAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {
    // A bad subject or stored key fails the start rather than every push.
    this.sign('https://push.example');
  }

  for(endpoint: URL): string {
    const now = Date.now();
    const cached = this.byOrigin.get(endpoint.origin);
    if (cached && now - cached.madeAt < REUSE_MS) return cached.value;
    if (this.byOrigin.size >= MAX_ORIGINS) this.byOrigin.clear();
    const value = this.sign(endpoint.origin);
    this.byOrigin.set(endpoint.origin, { value, madeAt: now });
    return value;
  }

  private sign(audience: string): string {
    const { publicKey, privateKey } = this.keys;
    return webPush.getVapidHeaders(audience, this.subject, publicKey, privateKey, 'aes128gcm')
      .Authorization;
  }
}
