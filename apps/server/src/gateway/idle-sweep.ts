/** One connection watched by an `IdleSweep`. */
export interface IdleWatch {
  /** The device sent something. */
  heard(): void;
  /** The connection ended: no longer watched. */
  end(): void;
}

/** What the sweep closes when it has gone quiet. */
export interface Closable {
  close(): void;
}

/** Counts the sweeps: a connection's last frame is dated by it. */
interface SweepCount {
  tick: number;
}

class Watched implements IdleWatch {
  heardAt: number;

  constructor(
    private readonly count: SweepCount,
    private readonly all: Set<Watched>,
    readonly connection: Closable,
  ) {
    this.heardAt = count.tick;
  }

  heard(): void {
    this.heardAt = this.count.tick;
  }

  end(): void {
    this.all.delete(this);
  }
}

/**
 * Closes the connections whose device has sent nothing for `idleMs` (it is offline then), to
 * within a tenth of it. One timer for all of a listener's connections instead of a socket
 * timeout each: Node re-arms a socket's timeout at every read and every write (two timer-list
 * updates per frame), while a read here only copies a number. Writes do not count: what the
 * gateway sends says nothing of whether the device is still there.
 */
export class IdleSweep {
  private readonly watched = new Set<Watched>();
  private readonly count: SweepCount = { tick: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(
    idleMs: number,
    private readonly ticksAllowed = 10,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.max(1, idleMs / ticksAllowed));
    this.timer.unref();
  }

  watch(connection: Closable): IdleWatch {
    const watched = new Watched(this.count, this.watched, connection);
    this.watched.add(watched);
    return watched;
  }

  stop(): void {
    clearInterval(this.timer);
    this.watched.clear();
  }

  private sweep(): void {
    const tick = ++this.count.tick;
    for (const watched of this.watched) {
      if (tick - watched.heardAt <= this.ticksAllowed) continue;
      this.watched.delete(watched);
      watched.connection.close();
    }
  }
}
