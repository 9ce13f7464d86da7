import { describe, expect, it } from 'vitest';
import { ChunkPool, ChunkQueue } from '../src/gateway/byte-chunks.js';

const counting = (from: number, length: number) =>
  Uint8Array.from({ length }, (_, i) => (from + i) % 256);

function read(queue: ChunkQueue, start: number, count: number): Uint8Array {
  const target = new Uint8Array(count);
  queue.copyTo(target, start);
  return target;
}

describe('chunks shared by many byte queues', () => {
  it('cuts chunks of 512 bytes side by side from one slab, and a new slab when it is full', () => {
    const pool = new ChunkPool();
    const [a, b] = [pool.take(), pool.take()];
    expect([a.length, b.length]).toEqual([512, 512]);
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(512);
    const rest = Array.from({ length: 2047 }, () => pool.take());
    expect(rest.at(-2)!.buffer).toBe(a.buffer);
    expect(rest.at(-1)!.buffer).not.toBe(a.buffer);
  });

  it('reuses a chunk given back, and never hands out one chunk twice', () => {
    const pool = new ChunkPool();
    const first = pool.take();
    pool.give(first);
    expect(pool.take()).toBe(first);
    expect(pool.take()).not.toBe(first);
  });
});

describe('a byte queue in chunks', () => {
  it('keeps what is appended, in order, across chunks, whatever the pieces', () => {
    const queue = new ChunkQueue(new ChunkPool());
    let total = 0;
    for (const size of [1, 511, 0, 700, 3, 1500]) {
      queue.append(counting(total, size));
      total += size;
    }
    expect(queue.length).toBe(total);
    expect(read(queue, 0, total)).toEqual(counting(0, total));
    expect(read(queue, 510, 5)).toEqual(counting(510, 5));
  });

  it('drops from the front, giving back the chunks it emptied', () => {
    const pool = new ChunkPool();
    const queue = new ChunkQueue(pool);
    queue.append(counting(0, 1300));
    queue.dropFront(600);
    expect(queue.length).toBe(700);
    expect(read(queue, 0, 700)).toEqual(counting(600, 700));
    // The first chunk is back in the pool (the next taken), the others still in use.
    const back = pool.take();
    expect(back.byteOffset).toBe(0);
    queue.append(counting(1300, 300));
    expect(read(queue, 0, 1000)).toEqual(counting(600, 1000));
    queue.clear();
    expect(queue.length).toBe(0);
    // All three chunks it held are free again: taking three more needs no new memory.
    const again = [pool.take(), pool.take(), pool.take()]
      .map((c) => c.byteOffset)
      .sort((x, y) => x - y);
    expect(again).toEqual([512, 1024, 1536]);
  });

  it('hands a read over in pieces that follow each other', () => {
    const queue = new ChunkQueue(new ChunkPool());
    queue.append(counting(0, 1200));
    const pieces: [number, number, number][] = [];
    queue.read(500, 600, (_, from, to, before) => pieces.push([from, to, before]));
    expect(pieces).toEqual([
      [500, 512, 0],
      [0, 512, 12],
      [0, 76, 524],
    ]);
  });
});
