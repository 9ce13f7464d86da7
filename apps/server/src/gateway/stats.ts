import { newIdentityCounts, type IdentityEvent } from './identity-events.js';

/** Why the gateway closed a device connection it did not want (docs/security.md). */
export const REFUSALS = [
  /** Its source address already has the most connections not yet logged in. */
  'addressFull',
  /** The gateway already has the most connections not yet logged in. */
  'pendingFull',
  /** Every descriptor for device connections is taken (the rest is the HTTP side's). */
  'capacityFull',
  /** Not logged in yet, the oldest, and closed to make room for a new connection. */
  'evicted',
  /** No login within the deadline. */
  'loginTimeout',
  /** An OsmAnd HTTP request not complete within the HTTP timeouts. */
  'httpTimeout',
] as const;

export type Refusal = (typeof REFUSALS)[number];

/** Counters an operator reads to see what devices send that is refused or broken. */
export interface GatewayStats {
  malformedFrames: number;
  /** Frames accepted whose check code was wrong (`frames_crc_mismatch`; DecodeResult.crcMismatch). */
  crcMismatchFrames: number;
  unknownDevices: number;
  refused: Record<Refusal, number>;
  /** Connections claiming a device they could not prove to be (identity-log.ts). */
  identity: Record<IdentityEvent, number>;
}

export const newGatewayStats = (): GatewayStats => ({
  malformedFrames: 0,
  crcMismatchFrames: 0,
  unknownDevices: 0,
  refused: Object.fromEntries(REFUSALS.map((reason) => [reason, 0])) as Record<Refusal, number>,
  identity: newIdentityCounts(),
});
