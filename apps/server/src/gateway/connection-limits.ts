import type net from 'node:net';
import { openFileLimit } from './open-file-limit.js';
import type { RefusalLog } from './refusal-log.js';
import type { Refusal } from './stats.js';

export interface ConnectionLimitOptions {
  /** A connection that has not logged in (identified a registered device) by then is closed. */
  loginTimeoutMs: number;
  /** Device connections at most, logged in or not. */
  maxConnections: number;
  /** Connections not logged in yet, at most in total and per source address. */
  maxPending: number;
  maxPendingPerAddress: number;
}

/**
 * The share of the process's file descriptors device connections may take: the rest stays for the
 * HTTP side (API requests, live sockets, the database, recordings), so the API keeps answering.
 */
const DEVICE_SHARE_OF_DESCRIPTORS = 0.8;

/**
 * A pending connection younger than this is never closed to make room: a real device logs in
 * within a second or two of connecting, even over 2G. An attacker who wants to keep devices out
 * has to open a full pool of connections within this time, again and again.
 */
const EVICTABLE_AFTER_MS = 5000;

/** The limits, each one given or its default (the connection cap from the descriptor limit). */
export function connectionLimitOptions(
  given: Partial<ConnectionLimitOptions> = {},
  fileLimit = openFileLimit(),
): ConnectionLimitOptions {
  const maxConnections =
    given.maxConnections ??
    (fileLimit === undefined ? Infinity : Math.floor(fileLimit * DEVICE_SHARE_OF_DESCRIPTORS));
  return {
    loginTimeoutMs: given.loginTimeoutMs ?? 30_000,
    maxConnections,
    maxPending: given.maxPending ?? Math.ceil(maxConnections / 2),
    // A carrier's NAT puts many devices behind one address, but each is pending only for the
    // moment of its login.
    maxPendingPerAddress: given.maxPendingPerAddress ?? 500,
  };
}

interface Pending {
  socket: net.Socket;
  address: string;
  since: number;
  deadline: NodeJS.Timeout | undefined;
}

/**
 * Admission of the gateway's device connections (its TCP listeners and OsmAnd's HTTP one share
 * it). A connection is pending until it logs in, and closed if it has not by the deadline. When
 * the pending connections of its address, the pending ones in total, or all device connections are
 * at their limit, the oldest pending connection of that pool makes room if it had its chance to
 * log in; otherwise the new connection is refused at accept. Logged-in connections are never
 * closed to make room.
 */
export class ConnectionLimits {
  /** Oldest first: a Map keeps insertion order. */
  private readonly pending = new Map<net.Socket, Pending>();
  private readonly pendingByAddress = new Map<string, Set<Pending>>();
  private readonly established = new Set<net.Socket>();

  constructor(
    readonly options: ConnectionLimitOptions,
    private readonly refusals: RefusalLog,
  ) {}

  get pendingCount(): number {
    return this.pending.size;
  }

  get establishedCount(): number {
    return this.established.size;
  }

  /**
   * Takes a new connection in, or destroys it at once (false); `closed` must be told when one
   * taken in closes. Without a login deadline for OsmAnd's HTTP connections: the HTTP timeouts
   * bound those.
   */
  admit(socket: net.Socket, loginDeadline = true): boolean {
    const { remoteAddress: address } = socket;
    const refusal = address === undefined ? undefined : this.refusal(address);
    if (address === undefined || refusal) {
      socket.destroy();
      if (refusal) this.refusals.record(refusal);
      return false;
    }
    const entry: Pending = {
      socket,
      address,
      since: Date.now(),
      // The socket as the timer's argument, not in a closure: a closure's scope would keep the
      // timer (and what else the scope holds) for the connection's whole life.
      deadline: loginDeadline
        ? setTimeout(this.loginTimedOut, this.options.loginTimeoutMs, socket).unref()
        : undefined,
    };
    this.pending.set(socket, entry);
    const own = this.pendingByAddress.get(address);
    if (own) own.add(entry);
    else this.pendingByAddress.set(address, new Set([entry]));
    return true;
  }

  /** A connection taken in closed. */
  closed(socket: net.Socket): void {
    if (!this.forget(socket)) this.established.delete(socket);
  }

  private readonly loginTimedOut = (socket: net.Socket): void => {
    const entry = this.pending.get(socket);
    if (entry) this.close(entry, 'loginTimeout');
  };

  /** The connection logged in: it no longer counts as pending. */
  identified(socket: net.Socket): void {
    if (this.forget(socket)) this.established.add(socket);
  }

  private refusal(address: string): Refusal | undefined {
    const { maxPendingPerAddress, maxPending, maxConnections } = this.options;
    const own = this.pendingByAddress.get(address);
    if (own && own.size >= maxPendingPerAddress && !this.evictOldest(own)) return 'addressFull';
    if (this.pending.size >= maxPending && !this.evictOldest(this.pending)) return 'pendingFull';
    const connections = this.pending.size + this.established.size;
    if (connections >= maxConnections && !this.evictOldest(this.pending)) return 'capacityFull';
    return undefined;
  }

  /** Closes the pool's oldest pending connection if it had its chance to log in. */
  private evictOldest(pool: Set<Pending> | Map<net.Socket, Pending>): boolean {
    const oldest = pool.values().next().value;
    if (!oldest || Date.now() - oldest.since < EVICTABLE_AFTER_MS) return false;
    this.close(oldest, 'evicted');
    return true;
  }

  private close(entry: Pending, reason: Refusal): void {
    this.forget(entry.socket);
    entry.socket.destroy();
    this.refusals.record(reason);
  }

  /** Drops a connection from the pending pools; false when it was not pending. */
  private forget(socket: net.Socket): boolean {
    const entry = this.pending.get(socket);
    if (!entry) return false;
    clearTimeout(entry.deadline);
    this.pending.delete(socket);
    const own = this.pendingByAddress.get(entry.address);
    own?.delete(entry);
    if (own?.size === 0) this.pendingByAddress.delete(entry.address);
    return true;
  }
}
