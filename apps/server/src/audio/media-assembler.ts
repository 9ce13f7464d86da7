import { concatBytes, type DecodedMessage } from '@xunji/protocols';

export type MediaChunk = Extract<DecodedMessage, { type: 'mediaChunk' }>;

export interface AssembledMedia {
  deviceId: number;
  mediaId: string;
  format: MediaChunk['format'];
  data: Uint8Array;
}

interface Assembly {
  deviceId: number;
  mediaId: string;
  total: number;
  format: MediaChunk['format'];
  parts: Map<number, Uint8Array>;
  lastChunkAt: number;
}

export interface AssemblerStats {
  completed: number;
  duplicates: number;
  /** Packets that contradict their upload (index out of range, another total). */
  rejected: number;
  /** Uploads dropped because a packet never came. */
  incomplete: number;
}

/**
 * Puts multi-packet media uploads back together per device and media id: packets in any order,
 * duplicates ignored; an upload that stops short is dropped by `sweep` after `timeoutMs`.
 */
export class MediaAssembler {
  private readonly assemblies = new Map<string, Assembly>();
  readonly stats: AssemblerStats = { completed: 0, duplicates: 0, rejected: 0, incomplete: 0 };

  constructor(
    private readonly timeoutMs: number,
    private readonly onIncomplete: (media: {
      deviceId: number;
      mediaId: string;
      missing: number;
    }) => void,
  ) {}

  get pending(): number {
    return this.assemblies.size;
  }

  /** Adds a packet; answers the whole media once its last missing packet arrived. */
  add(deviceId: number, chunk: MediaChunk, now: number): AssembledMedia | undefined {
    const key = `${deviceId}/${chunk.mediaId}`;
    let assembly = this.assemblies.get(key);
    if (!assembly) {
      assembly = {
        deviceId,
        mediaId: chunk.mediaId,
        total: chunk.total,
        format: chunk.format,
        parts: new Map(),
        lastChunkAt: now,
      };
      this.assemblies.set(key, assembly);
    }
    if (chunk.total !== assembly.total || chunk.index < 0 || chunk.index >= chunk.total) {
      this.stats.rejected++;
      return undefined;
    }
    if (assembly.parts.has(chunk.index)) {
      this.stats.duplicates++;
      return undefined;
    }
    assembly.parts.set(chunk.index, chunk.data);
    assembly.lastChunkAt = now;
    // Only the first packet of a JT/T 808 upload names the format.
    if (chunk.format !== 'other') assembly.format = chunk.format;
    if (assembly.parts.size < assembly.total) return undefined;
    this.assemblies.delete(key);
    this.stats.completed++;
    return { deviceId, mediaId: chunk.mediaId, format: assembly.format, data: join(assembly) };
  }

  /** Drops the uploads without a packet for `timeoutMs`. */
  sweep(now: number): void {
    for (const [key, assembly] of this.assemblies) {
      if (now - assembly.lastChunkAt < this.timeoutMs) continue;
      this.assemblies.delete(key);
      this.stats.incomplete++;
      this.onIncomplete({
        deviceId: assembly.deviceId,
        mediaId: assembly.mediaId,
        missing: assembly.total - assembly.parts.size,
      });
    }
  }
}

function join({ parts, total }: Assembly): Uint8Array {
  return concatBytes(...Array.from({ length: total }, (_, index) => parts.get(index)!));
}
