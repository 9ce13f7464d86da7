/** A chunk's size: a device's unwritten frames (~1 KB between two writes) take two or three. */
const CHUNK_BYTES = 512;
const SLAB_BYTES = 1024 * 1024;

/**
 * Chunks of CHUNK_BYTES cut from 1-MB slabs, reused once given back: the storage of byte queues
 * that fill and empty all the time (a device's raw frames between two writes) without an
 * allocation each. A buffer of its own per growth lives long enough to reach the old generation
 * and is only released at the next full collection — tens of MB a fleet held as garbage. One size
 * for all: a fleet's queues fill in step (all of them since the same restart), and blocks that
 * double as they grow would leave every smaller size free at once, unusable until the queues
 * empty. The slabs are kept: what a peak took is there for the next one.
 */
export class ChunkPool {
  private readonly free: Uint8Array[] = [];
  private slab = new Uint8Array(0);
  private slabUsed = 0;

  /** A chunk (its contents are whatever it held before). */
  take(): Uint8Array {
    const reused = this.free.pop();
    if (reused) return reused;
    if (this.slabUsed === this.slab.length) {
      this.slab = new Uint8Array(SLAB_BYTES);
      this.slabUsed = 0;
    }
    const chunk = this.slab.subarray(this.slabUsed, this.slabUsed + CHUNK_BYTES);
    this.slabUsed += CHUNK_BYTES;
    return chunk;
  }

  /** A chunk taken here that its holder no longer uses. */
  give(chunk: Uint8Array): void {
    this.free.push(chunk);
  }
}

/** A piece of a queue's bytes: `chunk[from, to)`, with `before` bytes of the read before it. */
export type Run = (chunk: Uint8Array, from: number, to: number, before: number) => void;

/**
 * Bytes in chunks of a pool, appended at the end and dropped from the front; reads address them
 * from the front (0 is the oldest byte kept).
 */
export class ChunkQueue {
  private readonly chunks: Uint8Array[] = [];
  /** Where the oldest byte is in the first chunk. */
  private head = 0;
  private size = 0;

  constructor(private readonly pool: ChunkPool) {}

  get length(): number {
    return this.size;
  }

  append(bytes: Uint8Array): void {
    for (let from = 0; from < bytes.length;) {
      const at = this.head + this.size;
      const index = Math.floor(at / CHUNK_BYTES);
      if (index === this.chunks.length) this.chunks.push(this.pool.take());
      const offset = at - index * CHUNK_BYTES;
      const count = Math.min(bytes.length - from, CHUNK_BYTES - offset);
      // Most appends fit where they land: no view of them is made (a frame's hot path).
      const piece = count === bytes.length ? bytes : bytes.subarray(from, from + count);
      this.chunks[index]!.set(piece, offset);
      from += count;
      this.size += count;
    }
  }

  /** Copies `target.length` bytes from `start` into `target`. */
  copyTo(target: Uint8Array, start: number): void {
    this.read(start, target.length, (chunk, from, to, before) =>
      target.set(chunk.subarray(from, to), before),
    );
  }

  /** Hands `run` the consecutive pieces of `[start, start + count)`. */
  read(start: number, count: number, run: Run): void {
    for (let before = 0; before < count;) {
      const at = this.head + start + before;
      const index = Math.floor(at / CHUNK_BYTES);
      const offset = at - index * CHUNK_BYTES;
      const piece = Math.min(count - before, CHUNK_BYTES - offset);
      run(this.chunks[index]!, offset, offset + piece, before);
      before += piece;
    }
  }

  /** Drops the oldest `count` bytes; the chunks they emptied go back to the pool. */
  dropFront(count: number): void {
    this.size -= count;
    if (this.size === 0) {
      for (const chunk of this.chunks) this.pool.give(chunk);
      this.chunks.length = 0;
      this.head = 0;
      return;
    }
    this.head += count;
    while (this.head >= CHUNK_BYTES) {
      this.pool.give(this.chunks.shift()!);
      this.head -= CHUNK_BYTES;
    }
  }

  /** Drops everything: every chunk goes back. */
  clear(): void {
    this.dropFront(this.size);
  }
}
