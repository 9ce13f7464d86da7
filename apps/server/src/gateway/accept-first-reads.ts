import type net from 'node:net';

/** Started sockets kept at the queue's head at most, while it never empties. */
const COMPACT_AFTER = 4096;

export interface AcceptFirstOptions {
  /** Sockets whose reading starts per turn of the event loop once none was accepted in it. */
  perTurn: number;
  /** A socket waits at most this long while accepting goes on (then one starts per turn). */
  maxWaitMs: number;
  now?: () => number;
}

/**
 * Starts reading accepted sockets once accepting has paused. Node's event loop accepts one
 * connection per turn, so a turn that also does logins' work slows accepting to the pace of the
 * logins: a fleet reconnecting after a restart (all within half a second) then fills the kernel's
 * listen queue, and the connections it drops wait for the handshake's retransmission (1, 3, then
 * 7 s). Deferred, the logins' bytes wait in the kernel's buffers while turns that only accept
 * take the whole fleet in within a second or two; then the logins are read, `perTurn` sockets a
 * turn. A socket that has waited `maxWaitMs` starts, one per turn, even while connections keep
 * coming: a steady stream of connections does not keep the ones accepted from logging in.
 * A socket paused meanwhile (flow control) starts when resumed, as any socket does.
 */
export class AcceptFirstReads {
  private waiting: net.Socket[] = [];
  private acceptedAt: number[] = [];
  private next = 0;
  private accepting = false;
  private scheduled = false;
  private readonly now: () => number;

  constructor(private readonly options: AcceptFirstOptions) {
    this.now = options.now ?? performance.now.bind(performance);
  }

  /** A socket accepted (in this turn): it is read once accepting pauses. */
  add(socket: net.Socket): void {
    this.waiting.push(socket);
    this.acceptedAt.push(this.now());
    this.accepting = true;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.turn);
  }

  /** Runs after each turn's I/O (the loop's check phase) while sockets wait. */
  private readonly turn = (): void => {
    const { perTurn, maxWaitMs } = this.options;
    if (!this.accepting) this.start(perTurn);
    else if (this.now() - this.acceptedAt[this.next]! >= maxWaitMs) this.start(1);
    this.accepting = false;
    if (this.next < this.waiting.length) {
      // A stream that never pauses never empties the queue: drop what has started.
      if (this.next >= COMPACT_AFTER) {
        this.waiting = this.waiting.slice(this.next);
        this.acceptedAt = this.acceptedAt.slice(this.next);
        this.next = 0;
      }
      setImmediate(this.turn);
      return;
    }
    this.waiting = [];
    this.acceptedAt = [];
    this.next = 0;
    this.scheduled = false;
  };

  private start(count: number): void {
    const end = Math.min(this.next + count, this.waiting.length);
    for (; this.next < end; this.next++) {
      const socket = this.waiting[this.next]!;
      // As a socket constructed without `manualStart` does.
      if (!socket.destroyed && !socket.isPaused()) socket.read(0);
    }
  }
}
