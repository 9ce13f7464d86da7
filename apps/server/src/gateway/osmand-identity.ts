import type http from 'node:http';
import type { DeviceRow } from '../db/schema.js';
import { sameSecret } from '../devices/device-secret.js';
import type { IdentityLog } from './identity-log.js';
import { QUIET_MS } from './live-sessions.js';

/** The key an OsmAnd request carries: `key` in the query of the URL the client was given. */
function keyOf(request: http.IncomingMessage): string | null {
  return new URL(request.url ?? '/', 'http://osmand').searchParams.get('key');
}

/**
 * OsmAnd has no connection to hold: a device given a key (`device:auth-code`) must send it with
 * every report; one without a key is as today, and a report from a new address while the previous
 * address reported less than the quiet interval ago is counted and logged with both addresses
 * (phones change addresses, so it is still stored; the jump check flags what is implausible).
 */
export class OsmAndIdentity {
  private readonly lastAddress = new Map<number, { address: string; at: number }>();

  constructor(
    private readonly log: IdentityLog,
    private readonly quietMs = QUIET_MS,
  ) {}

  /** False when the device has a key the request does not carry: nothing is stored then. */
  admits(device: DeviceRow, request: http.IncomingMessage, now = Date.now()): boolean {
    if (device.authCode !== null) {
      const key = keyOf(request);
      if (key === null) this.log.record('authRequired', device);
      else if (!sameSecret(key, device.authCode)) this.log.record('authRefused', device);
      return key !== null && sameSecret(key, device.authCode);
    }
    const address = request.socket.remoteAddress ?? 'unknown';
    const previous = this.lastAddress.get(device.id);
    if (previous && previous.address !== address && now - previous.at < this.quietMs) {
      this.log.record('addressChanged', device, {
        established: previous.address,
        newcomer: address,
      });
    }
    this.lastAddress.set(device.id, { address, at: now });
    return true;
  }
}
