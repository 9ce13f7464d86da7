import { describe, expect, it } from 'vitest';
import { ByteBlocks } from '../src/gateway/byte-blocks.js';

describe('byte blocks shared by many growing buffers', () => {
  it('gives blocks of the next size of 256 bytes doubling, side by side in one slab', () => {
    const blocks = new ByteBlocks();
    const sizes = [1, 256, 257, 1000, 1025, 65_536].map((bytes) => blocks.take(bytes).length);
    expect(sizes).toEqual([256, 256, 512, 1024, 2048, 65_536]);
    const [a, b] = [blocks.take(300), blocks.take(300)];
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + 512);
  });

  it('reuses a block given back, by its size, and never hands out one block twice', () => {
    const blocks = new ByteBlocks();
    const first = blocks.take(600);
    blocks.give(first);
    const again = blocks.take(700);
    expect(again).toBe(first);
    const other = blocks.take(700);
    expect(other).not.toBe(first);
    expect(other.byteOffset).not.toBe(first.byteOffset);
    expect(blocks.take(100)).not.toBe(first);
  });

  it('makes a larger request a plain array of its own, not kept when given back', () => {
    const blocks = new ByteBlocks();
    const large = blocks.take(100_000);
    expect(large.length).toBe(100_000);
    expect(large.buffer.byteLength).toBe(100_000);
    blocks.give(large);
    expect(blocks.take(100_000)).not.toBe(large);
  });

  it('starts a new slab when the current one is full', () => {
    const blocks = new ByteBlocks();
    const taken = Array.from({ length: 17 }, () => blocks.take(65_536));
    expect(new Set(taken.map((block) => block.buffer)).size).toBe(2);
  });
});
