import { concatBytes, type DecodedMessage } from '@xunji/protocols';
import type { Clock } from '../clock.js';
import type {
  MediaChunkRepository,
  MediaUploadSummary,
} from '../repositories/media-chunk.repository.js';

export type MediaChunk = Extract<DecodedMessage, { type: 'mediaChunk' }>;

export interface AssembledMedia {
  deviceId: number;
  mediaId: string;
  format: MediaChunk['format'];
  data: Uint8Array;
}

export interface UploadKey {
  deviceId: number;
  mediaId: string;
}

export interface ChunkStats {
  duplicates: number;
  /** Packets that contradict their upload (index out of range, another total). */
  rejected: number;
}

const FORMATS = new Set<string>(['amr', 'wav', 'mp3', 'jpeg', 'other']);
const formatOf = (value: string): MediaChunk['format'] =>
  FORMATS.has(value) ? (value as MediaChunk['format']) : 'other';

const isComplete = (upload: MediaUploadSummary) => upload.parts === upload.total;

/**
 * Multi-packet media uploads, kept in the database packet by packet: the gateway hands each
 * packet in before the device's ack (so what was acknowledged survives a restart), in any order,
 * duplicates ignored; an upload is put together once its last missing packet is held.
 */
export class MediaUploads {
  readonly stats: ChunkStats = { duplicates: 0, rejected: 0 };

  constructor(
    private readonly chunks: MediaChunkRepository,
    private readonly clock: Clock,
  ) {}

  /** Keeps a frame's packets; resolves once they are committed (then the ack may go out). */
  async receive(deviceId: number, packets: MediaChunk[]): Promise<void> {
    for (const packet of packets) {
      if (packet.index < 0 || packet.index >= packet.total) {
        this.stats.rejected++;
        continue;
      }
      const outcome = await this.chunks.append({
        deviceId,
        mediaId: packet.mediaId,
        chunkIndex: packet.index,
        total: packet.total,
        format: packet.format,
        data: packet.data,
        receivedAt: this.clock.now(),
      });
      if (outcome === 'duplicate') this.stats.duplicates++;
      else if (outcome === 'rejected') this.stats.rejected++;
    }
  }

  /** The whole media once every packet of the upload is held; else undefined. */
  async assembled({ deviceId, mediaId }: UploadKey): Promise<AssembledMedia | undefined> {
    const upload = await this.chunks.summaryOf(deviceId, mediaId);
    if (!upload || !isComplete(upload)) return undefined;
    const parts = await this.chunks.load(deviceId, mediaId);
    // Read again with the data: another reader may have stored and forgotten it meanwhile.
    if (parts.length !== upload.total) return undefined;
    // Only the first packet of a JT/T 808 upload names the format.
    const named = parts.find((part) => part.format !== 'other');
    return {
      deviceId,
      mediaId,
      format: formatOf(named?.format ?? 'other'),
      data: concatBytes(...parts.map((part) => part.data)),
    };
  }

  /** Uploads held whole (their recording was not stored yet, e.g. the server stopped first). */
  async complete(): Promise<UploadKey[]> {
    return (await this.chunks.all()).filter(isComplete);
  }

  /** Drops the incomplete uploads whose newest packet is at `cutoff` or older; answers them. */
  async expire(cutoff: number): Promise<(UploadKey & { missing: number })[]> {
    const stalled = (await this.chunks.all()).filter(
      (upload) => !isComplete(upload) && upload.lastReceivedAt <= cutoff,
    );
    const dropped: (UploadKey & { missing: number })[] = [];
    for (const { deviceId, mediaId, total, parts } of stalled) {
      if (await this.chunks.dropStalled(deviceId, mediaId, cutoff))
        dropped.push({ deviceId, mediaId, missing: total - parts });
    }
    return dropped;
  }

  /** Forgets an upload that cannot become a recording. */
  drop({ deviceId, mediaId }: UploadKey): Promise<void> {
    return this.chunks.drop(deviceId, mediaId);
  }
}
