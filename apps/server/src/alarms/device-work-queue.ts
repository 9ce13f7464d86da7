/** Does a piece of a device's work: done when it returns, or when the promise it returns settles. */
export type WorkRunner<Work> = (work: Work) => Promise<unknown> | undefined;

/** How long one turn of the event loop runs work before it lets the sockets have theirs. */
const TURN_MS = 2;

/**
 * Runs each device's work in the order it was queued, one piece at a time per device, the devices
 * taking turns. Work starts in a later turn of the event loop than the one that queued it, and a
 * turn stops starting work after TURN_MS: on SQLite every query is synchronous, so a backlog run
 * in one go would keep the gateway's acknowledgements waiting. Work that finishes when it returns
 * (most of it: a fix that raises nothing) costs no promise and no turn of its own. A piece is
 * data that `run` does, not a closure, and a device's queue is an array reused from device to
 * device: queueing a fix allocates nothing.
 */
export class DeviceWorkQueue<Work> {
  /** Per device with work queued or running, the pieces not started yet. */
  private readonly waiting = new Map<number, Work[]>();
  /** Emptied queues, for the next device that gets work. */
  private readonly spare: Work[][] = [];
  /** The devices whose next piece may start, in the order they became ready. */
  private ready: number[] = [];
  private scheduled = false;
  private readonly doneWaiters = new Map<number, (() => void)[]>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly run: WorkRunner<Work>,
    private readonly onError: (error: unknown) => void,
  ) {}

  enqueue(deviceId: number, work: Work): void {
    const queued = this.waiting.get(deviceId);
    if (queued) queued.push(work);
    else {
      const queue = this.spare.pop() ?? [];
      queue.push(work);
      this.waiting.set(deviceId, queue);
      this.becomeReady(deviceId);
    }
  }

  /** Resolves once the device has no work left. */
  done(deviceId: number): Promise<void> {
    if (!this.waiting.has(deviceId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.doneWaiters.get(deviceId);
      if (waiters) waiters.push(resolve);
      else this.doneWaiters.set(deviceId, [resolve]);
    });
  }

  /** Resolves once no device has work left. */
  idle(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private becomeReady(deviceId: number): void {
    this.ready.push(deviceId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.runTurn);
  }

  private readonly runTurn = (): void => {
    this.scheduled = false;
    // What becomes ready during this turn waits for the next one.
    const ready = this.ready;
    this.ready = [];
    const ends = performance.now() + TURN_MS;
    let started = 0;
    while (started < ready.length && performance.now() < ends) this.start(ready[started++]!);
    if (started === ready.length) return;
    this.ready = ready.slice(started).concat(this.ready);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.runTurn);
    }
  };

  private start(deviceId: number): void {
    const work = this.waiting.get(deviceId)!.shift()!;
    let running: Promise<unknown> | undefined;
    try {
      running = this.run(work);
    } catch (error) {
      this.onError(error);
    }
    if (!running) return this.finished(deviceId);
    running.then(
      () => this.finished(deviceId),
      (error: unknown) => {
        this.onError(error);
        this.finished(deviceId);
      },
    );
  }

  private finished(deviceId: number): void {
    const queue = this.waiting.get(deviceId)!;
    if (queue.length > 0) return this.becomeReady(deviceId);
    this.waiting.delete(deviceId);
    this.spare.push(queue);
    const waiters = this.doneWaiters.get(deviceId);
    if (waiters) {
      this.doneWaiters.delete(deviceId);
      for (const resolve of waiters) resolve();
    }
    if (this.waiting.size > 0) return;
    const idle = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of idle) resolve();
  }
}
