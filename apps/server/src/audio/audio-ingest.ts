import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { AudioRecordRow, RecordSource } from '../db/schema.js';
import type { GatewayEvents } from '../gateway/gateway-events.js';
import type { AudioRecordRepository } from '../repositories/audio-record.repository.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';
import type { AudioTranscoder } from './audio-transcoder.js';
import type { AssembledMedia, ChunkStats, MediaUploads, UploadKey } from './media-uploads.js';
import { openPickupOf } from './pickup.js';
import type { RecordingFiles } from './recording-files.js';

export interface AudioIngestDeps {
  uploads: MediaUploads;
  /** An upload without a new packet for this long is dropped incomplete (ms). */
  chunkTimeoutMs: number;
  files: RecordingFiles;
  transcoder: AudioTranscoder;
  records: AudioRecordRepository;
  commands: CommandRepository;
  states: RemoteStateRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Told of each recording stored (the live socket announces it). */
  announce: (record: AudioRecordRow) => void;
}

export interface UploadStats extends ChunkStats {
  completed: number;
  /** Uploads dropped because a packet never came. */
  incomplete: number;
}

/**
 * Audio from devices: each committed media packet (gateway `media` events; the packet itself is
 * already in the database) may complete its upload; a complete upload is put together, the
 * device's file is kept, and an MP3 is made, one at a time in the background (never in the
 * gateway's way), then the recording gets its row and is announced. Pictures are not kept.
 * Uploads left whole by a stop are stored at the next start; unfinished ones get a whole
 * timeout from the start for their missing packets.
 */
export class AudioIngest {
  /** Checks and stores, one after the other: an upload is never stored twice. */
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private sweeping = false;
  private readonly counts = { completed: 0, incomplete: 0 };
  readonly stats = { stored: 0, failed: 0, ignored: 0 };

  constructor(private readonly deps: AudioIngestDeps) {}

  /** Uploads put together, duplicates, contradicting packets, uploads dropped incomplete. */
  get uploads(): Readonly<UploadStats> {
    return { ...this.deps.uploads.stats, ...this.counts };
  }

  /**
   * Listens to the gateway, stores the uploads a stop left whole, and drops stalled uploads
   * every `sweepMs`.
   */
  start(events: GatewayEvents, sweepMs: number): () => void {
    this.startedAt = this.deps.clock.now();
    const unsubscribe = events.subscribe((event) => {
      if (event.type === 'media')
        this.check({ deviceId: event.deviceId, mediaId: event.chunk.mediaId });
    });
    this.run(async () => {
      for (const upload of await this.deps.uploads.complete()) this.check(upload);
    }, 'held uploads not resumed');
    this.timer = setInterval(() => void this.sweep(), sweepMs);
    this.timer.unref();
    return () => {
      unsubscribe();
      clearInterval(this.timer);
    };
  }

  /** Resolves once every upload completed so far is stored (or failed). */
  async idle(): Promise<void> {
    let seen;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  /** Stores the upload if its last missing packet is in. */
  private check(upload: UploadKey): void {
    this.run(async () => {
      const media = await this.deps.uploads.assembled(upload);
      if (!media) return;
      this.counts.completed++;
      await this.storeOrDrop(media);
    }, 'media upload not checked');
  }

  /** A recording that cannot be stored is logged, and its upload forgotten. */
  private async storeOrDrop(media: AssembledMedia): Promise<void> {
    try {
      await this.store(media);
    } catch (error) {
      this.stats.failed++;
      const { deviceId, mediaId } = media;
      this.deps.logger.error({ err: error, deviceId, mediaId }, 'recording not stored');
      await this.deps.uploads.drop(media);
    }
  }

  private run(task: () => Promise<void>, failure: string): void {
    this.queue = this.queue
      .then(task)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, failure));
  }

  /** An upload cut short by a restart gets a whole timeout from the start. */
  private async sweep(): Promise<void> {
    const cutoff = this.deps.clock.now() - this.deps.chunkTimeoutMs;
    if (this.sweeping || cutoff < this.startedAt) return;
    this.sweeping = true;
    try {
      for (const dropped of await this.deps.uploads.expire(cutoff)) {
        this.counts.incomplete++;
        this.deps.logger.warn(dropped, 'media upload incomplete: dropped');
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, 'stalled media uploads not dropped');
    } finally {
      this.sweeping = false;
    }
  }

  private async store(media: AssembledMedia): Promise<void> {
    const { files, transcoder, records, clock } = this.deps;
    if (media.format === 'jpeg') {
      this.stats.ignored++;
      await this.deps.uploads.drop(media);
      return;
    }
    const originalName = files.newName(
      media.deviceId,
      media.format === 'other' ? 'bin' : media.format,
    );
    await files.write(originalName, media.data);
    const fileName = files.newName(media.deviceId, 'mp3');
    const { durationMs } = await transcoder.toMp3(
      files.pathOf(originalName),
      await files.reserve(fileName),
    );
    const { source, commandId } = await this.sourceOf(media.deviceId);
    const row = await records.createFromUpload(
      {
        deviceId: media.deviceId,
        commandId,
        source,
        fileName,
        originalName,
        mimeType: 'audio/mpeg',
        durationMs,
        sizeBytes: (await files.sizeOf(fileName)) ?? 0,
        isRead: 0,
        createdAt: clock.now(),
        deleteTime: null,
      },
      media.mediaId,
    );
    this.stats.stored++;
    this.deps.announce(row);
  }

  /** A pickup the user asked for, else auto-record when it is on, else the device's own. */
  private async sourceOf(
    deviceId: number,
  ): Promise<{ source: RecordSource; commandId: number | null }> {
    const { commands, records, states, clock } = this.deps;
    const pickup = await openPickupOf(deviceId, commands, records, clock.now());
    if (pickup) return { source: 'pickup', commandId: pickup.commandId };
    const { record } = await states.get(deviceId);
    return { source: record.auto || record.always ? 'auto' : 'device', commandId: null };
  }
}
