import type { Protocol, ProtocolSession } from '@xunji/protocols';
import { systemClock, type Clock } from '../clock.js';
import type { Transport } from './transport.js';

/**
 * Silence after which a device's live connection counts as gone quiet, so a new connection may
 * take its place: longer than any tracker's heartbeat (GT06 3 min, watches 5 min), shorter than
 * the idle timeout that closes it (10 min), so a device whose old connection half-died (a NAT
 * timeout) gets back in before that.
 */
export const QUIET_MS = 6 * 60_000;

/**
 * How a connection showed it is the device: `authenticated` with a secret (the JT/T 808
 * authentication code), `claimed` with nothing but the device's number.
 */
export type Proof = 'authenticated' | 'claimed';

/** A device's live connection: its transport, and the protocol state commands are encoded with. */
export interface LiveConnection {
  transport: Transport;
  protocol: Protocol;
  session: ProtocolSession;
  proof: Proof;
  /** Where it comes from (ip:port), for the operator. */
  address: string;
  /** When it became the live one. */
  since: number;
  lastFrameAt: number;
}

/**
 * What a new connection for a device gets: `free` (nobody holds it), `takeover` (it replaces
 * the live one) or `contested` (the live one keeps the device, the new one gets nothing).
 */
export type Admission = 'free' | 'takeover' | 'contested';

/**
 * One live connection per device. A new one replaces the live one only when it proves more (an
 * authentication code) or when the live one has gone quiet; otherwise it is kept out, so a
 * connection that merely claims a device's number cannot close the real device's socket.
 */
export class LiveSessions {
  private readonly connections = new Map<number, LiveConnection>();

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly quietMs = QUIET_MS,
  ) {}

  /** What attaching a connection of this proof would do now. */
  admission(deviceId: number, transport: Transport, proof: Proof): Admission {
    const live = this.connections.get(deviceId);
    if (!live || live.transport === transport || live.transport.closed) return 'free';
    const quiet = this.clock.now() - live.lastFrameAt >= this.quietMs;
    return proof === 'authenticated' || (quiet && live.proof === 'claimed')
      ? 'takeover'
      : 'contested';
  }

  /** Makes the connection the device's live one; answers the one it replaced (now closed). */
  attach(
    deviceId: number,
    connection: Omit<LiveConnection, 'since' | 'lastFrameAt'>,
  ): LiveConnection | undefined {
    const previous = this.connections.get(deviceId);
    const now = this.clock.now();
    // Written out, not spread: a spread object here got a hidden class of its own (~450 bytes).
    const { transport, protocol, session, proof, address } = connection;
    this.connections.set(deviceId, {
      transport,
      protocol,
      session,
      proof,
      address,
      since: now,
      lastFrameAt: now,
    });
    if (!previous || previous.transport === connection.transport) return undefined;
    previous.transport.close();
    return previous;
  }

  /** A frame arrived on the device's live connection. */
  heard(deviceId: number, transport: Transport): void {
    const live = this.connections.get(deviceId);
    if (live?.transport === transport) live.lastFrameAt = this.clock.now();
  }

  /** True when this transport was the device's live one (and so the device is now gone). */
  detach(deviceId: number, transport: Transport): boolean {
    if (this.connections.get(deviceId)?.transport !== transport) return false;
    this.connections.delete(deviceId);
    return true;
  }

  connectionOf(deviceId: number): LiveConnection | undefined {
    return this.connections.get(deviceId);
  }

  /**
   * The live connection when it may be given personal data (phone numbers, free text): one that
   * authenticated, or one that has held the device for the quiet interval (a newcomer that took
   * over a quiet connection, or came while the device was away, waits that long).
   */
  trustedConnectionOf(deviceId: number): LiveConnection | undefined {
    const live = this.connections.get(deviceId);
    if (!live || live.proof === 'authenticated') return live;
    return this.clock.now() - live.since >= this.quietMs ? live : undefined;
  }

  /** The devices whose live connection is here. */
  deviceIds(): IterableIterator<number> {
    return this.connections.keys();
  }

  get size(): number {
    return this.connections.size;
  }

  /** Live connections by protocol (/metrics asks when scraped: one walk over the devices). */
  perProtocol(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { protocol } of this.connections.values())
      counts[protocol.name] = (counts[protocol.name] ?? 0) + 1;
    return counts;
  }
}
