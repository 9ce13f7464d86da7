import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { AcceptFirstReads } from '../src/gateway/accept-first-reads.js';

interface FakeSocket {
  destroyed: boolean;
  paused: boolean;
  reads: number;
}

function fakeSocket(state: Partial<FakeSocket> = {}) {
  const fake: FakeSocket = { destroyed: false, paused: false, reads: 0, ...state };
  const socket = {
    get destroyed() {
      return fake.destroyed;
    },
    isPaused: () => fake.paused,
    read: (size: number) => {
      expect(size).toBe(0);
      fake.reads++;
      return null;
    },
  } as unknown as net.Socket;
  return { fake, socket };
}

/** The check phase of the event loop's next turn (what the reads start in). */
const endOfTurn = () => new Promise((done) => setImmediate(done));
const started = (sockets: { fake: FakeSocket }[]) =>
  sockets.filter(({ fake }) => fake.reads === 1).length;

describe('reads started once accepting pauses', () => {
  it('reads none in a turn that accepted, then so many a turn, oldest first', async () => {
    const reads = new AcceptFirstReads({ perTurn: 4, maxWaitMs: 1000 });
    const sockets = Array.from({ length: 10 }, () => fakeSocket());
    for (const { socket } of sockets) reads.add(socket);
    await endOfTurn();
    expect(started(sockets)).toBe(0);
    await endOfTurn();
    expect(started(sockets)).toBe(4);
    expect(started(sockets.slice(0, 4))).toBe(4);
    await endOfTurn();
    expect(started(sockets)).toBe(8);
    await endOfTurn();
    expect(started(sockets)).toBe(10);
    // The queue emptied: a later socket starts on its own, a turn after the one it came in.
    const late = fakeSocket();
    reads.add(late.socket);
    await endOfTurn();
    await endOfTurn();
    expect(late.fake.reads).toBe(1);
  });

  it('while connections keep coming, starts one a turn of those that waited too long', async () => {
    let now = 0;
    const reads = new AcceptFirstReads({ perTurn: 4, maxWaitMs: 100, now: () => now });
    const early = Array.from({ length: 3 }, () => fakeSocket());
    for (const { socket } of early) reads.add(socket);
    await endOfTurn();
    expect(started(early)).toBe(0);
    now = 150;
    const later = Array.from({ length: 3 }, () => fakeSocket());
    for (const { socket } of later) {
      reads.add(socket);
      await endOfTurn();
    }
    // Three accepting turns: one overdue socket each, the oldest; none of the new ones.
    expect(early.map(({ fake }) => fake.reads)).toEqual([1, 1, 1]);
    expect(started(later)).toBe(0);
    await endOfTurn();
    expect(started(later)).toBe(3);
  });

  it('keeps starting the oldest through a stream of connections that never pauses', async () => {
    let now = 0;
    const reads = new AcceptFirstReads({ perTurn: 4, maxWaitMs: 10, now: () => now });
    const sockets = Array.from({ length: 5000 }, () => fakeSocket());
    for (const { socket } of sockets) {
      reads.add(socket);
      now += 1;
      await endOfTurn();
    }
    // From the tenth turn (the first socket then 10 ms old) each started the oldest, in order.
    const startedNow = started(sockets);
    expect(startedNow).toBe(5000 - 9);
    expect(started(sockets.slice(0, startedNow))).toBe(startedNow);
    await endOfTurn();
    await endOfTurn();
    await endOfTurn();
    expect(started(sockets)).toBe(5000);
  });

  it('leaves a closed socket alone, and a paused one to its resume', async () => {
    const reads = new AcceptFirstReads({ perTurn: 8, maxWaitMs: 1000 });
    const closed = fakeSocket({ destroyed: true });
    const paused = fakeSocket({ paused: true });
    const open = fakeSocket();
    for (const { socket } of [closed, paused, open]) reads.add(socket);
    await endOfTurn();
    await endOfTurn();
    expect([closed.fake.reads, paused.fake.reads, open.fake.reads]).toEqual([0, 0, 1]);
  });
});
