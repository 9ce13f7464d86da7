import type { ProtocolName } from '@xunji/protocols';
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

/**
 * Counters an operator reads to see what devices send, what is stored and what is refused or
 * broken (plain numbers incremented in place; /metrics reads them when scraped).
 */
export interface GatewayStats {
  /** Positions of device frames committed (not those resolved from cell and Wi-Fi fixes). */
  positionsStored: Record<ProtocolName, number>;
  /** OsmAnd devices heard within their silence window (OsmAnd has no connection to count). */
  osmandDevices: number;
  malformedFrames: number;
  /** Frames accepted whose check code was wrong (`frames_crc_mismatch`; DecodeResult.crcMismatch). */
  crcMismatchFrames: number;
  unknownDevices: number;
  refused: Record<Refusal, number>;
  /** Connections claiming a device they could not prove to be (identity-log.ts). */
  identity: Record<IdentityEvent, number>;
}

export const newGatewayStats = (): GatewayStats => ({
  positionsStored: { jt808: 0, gt06: 0, watch: 0, h02: 0, osmand: 0 },
  osmandDevices: 0,
  malformedFrames: 0,
  crcMismatchFrames: 0,
  unknownDevices: 0,
  refused: Object.fromEntries(REFUSALS.map((reason) => [reason, 0])) as Record<Refusal, number>,
  identity: newIdentityCounts(),
});
