import { describe, expect, it } from 'vitest';
import { DeviceWorkQueue } from '../src/alarms/device-work-queue.js';

/** A queue whose pieces of work are functions it calls. */
const queueOf = (onError: (error: unknown) => void = () => undefined) =>
  new DeviceWorkQueue<() => Promise<unknown> | undefined>((work) => work(), onError);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('DeviceWorkQueue', () => {
  it('runs a device’s work in order, one piece at a time, never in the caller’s turn', async () => {
    const queue = queueOf();
    const log: string[] = [];
    const first = gate();
    queue.enqueue(1, () => {
      log.push('a start');
      return first.opened.then(() => log.push('a end'));
    });
    queue.enqueue(1, () => {
      log.push('b');
      return undefined;
    });
    expect(log).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(log).toEqual(['a start']);
    first.open();
    await queue.idle();
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('does not hold one device’s work behind another’s', async () => {
    const queue = queueOf();
    const slow = gate();
    const done: number[] = [];
    queue.enqueue(1, () => slow.opened.then(() => done.push(1)));
    queue.enqueue(2, () => void done.push(2));
    await queue.done(2);
    expect(done).toEqual([2]);
    slow.open();
    await queue.done(1);
    expect(done).toEqual([2, 1]);
  });

  it('reports a failing piece and goes on with the next', async () => {
    const errors: unknown[] = [];
    const queue = queueOf((error) => errors.push(error));
    const ran: string[] = [];
    queue.enqueue(1, () => {
      throw new Error('thrown');
    });
    queue.enqueue(1, () => Promise.reject(new Error('rejected')));
    queue.enqueue(1, () => void ran.push('after'));
    await queue.idle();
    expect(errors.map((error) => (error as Error).message)).toEqual(['thrown', 'rejected']);
    expect(ran).toEqual(['after']);
  });

  it('lets the event loop turn while a backlog of work is being run', async () => {
    const queue = queueOf();
    let ran = 0;
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
      ran++;
      return undefined;
    };
    for (let device = 0; device < 20; device++) queue.enqueue(device, () => busy(1));
    await nextTurn();
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(20);
    await queue.idle();
    expect(ran).toBe(20);
  });

  it('answers done and idle at once when there is nothing to wait for', async () => {
    const queue = queueOf();
    let settled = 0;
    void queue.done(7).then(() => settled++);
    void queue.idle().then(() => settled++);
    await Promise.resolve();
    expect(settled).toBe(2);
  });
});
