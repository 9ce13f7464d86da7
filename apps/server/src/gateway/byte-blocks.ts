/** The smallest block, and the largest one kept for reuse (larger ones are plain arrays). */
const MIN_BLOCK = 256;
const MAX_BLOCK = 64 * 1024;
const SLAB_BYTES = 1024 * 1024;

/** The size class of a block of at least `bytes`: 0 for 256 bytes, 1 for 512, … */
const classOf = (bytes: number): number => Math.max(0, Math.ceil(Math.log2(bytes / MIN_BLOCK)));

/**
 * Byte blocks of a few sizes (256 bytes doubling to 64 KB) cut from 1-MB slabs and reused once
 * given back: buffers that grow and empty all the time (a device's raw frames between two writes)
 * without an allocation each. A buffer of its own per growth lives long enough to reach the old
 * generation, and its memory is only released at the next full collection — tens of MB a fleet
 * held as garbage. The slabs are kept: what a peak took is there for the next one.
 */
export class ByteBlocks {
  private readonly free: Uint8Array[][] = [];
  private slab = new Uint8Array(0);
  private slabUsed = 0;

  /** A block of at least `bytes` (its contents are whatever it held before). */
  take(bytes: number): Uint8Array {
    if (bytes > MAX_BLOCK) return new Uint8Array(bytes);
    const sizeClass = classOf(bytes);
    const reused = this.free[sizeClass]?.pop();
    if (reused) return reused;
    const size = MIN_BLOCK << sizeClass;
    if (this.slabUsed + size > this.slab.length) {
      this.slab = new Uint8Array(SLAB_BYTES);
      this.slabUsed = 0;
    }
    const block = this.slab.subarray(this.slabUsed, this.slabUsed + size);
    this.slabUsed += size;
    return block;
  }

  /** A block taken here that its holder no longer uses. */
  give(block: Uint8Array): void {
    if (block.length < MIN_BLOCK || block.length > MAX_BLOCK) return;
    (this.free[classOf(block.length)] ??= []).push(block);
  }
}
