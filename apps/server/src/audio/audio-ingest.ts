import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { AudioRecordRow, RecordSource } from '../db/schema.js';
import type { GatewayEvents } from '../gateway/gateway-events.js';
import type { AudioRecordRepository } from '../repositories/audio-record.repository.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';
import type { AudioTranscoder } from './audio-transcoder.js';
import type { AssembledMedia, AssemblerStats, MediaAssembler } from './media-assembler.js';
import { openPickup } from './pickup.js';
import type { RecordingFiles } from './recording-files.js';

export interface AudioIngestDeps {
  assembler: MediaAssembler;
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

/**
 * Audio from devices: committed media packets (gateway `media` events) are reassembled, the
 * device's file is kept, and an MP3 is made one at a time in the background (never in the
 * gateway's way), then the recording gets its row and is announced. Pictures are not kept.
 */
export class AudioIngest {
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  readonly stats = { stored: 0, failed: 0, ignored: 0 };

  constructor(private readonly deps: AudioIngestDeps) {}

  /** Uploads put together, duplicates, contradicting packets, uploads dropped incomplete. */
  get uploads(): Readonly<AssemblerStats> {
    return this.deps.assembler.stats;
  }

  /** Listens to the gateway and drops stalled uploads every `sweepMs`. */
  start(events: GatewayEvents, sweepMs: number): () => void {
    const unsubscribe = events.subscribe((event) => {
      if (event.type !== 'media') return;
      const media = this.deps.assembler.add(event.deviceId, event.chunk, this.deps.clock.now());
      if (media) this.enqueue(media);
    });
    this.timer = setInterval(() => this.deps.assembler.sweep(this.deps.clock.now()), sweepMs);
    this.timer.unref();
    return () => {
      unsubscribe();
      clearInterval(this.timer);
    };
  }

  /** Resolves once every recording handed in so far is stored (or failed). */
  idle(): Promise<void> {
    return this.queue;
  }

  enqueue(media: AssembledMedia): void {
    this.queue = this.queue.then(() =>
      this.store(media).catch((error: unknown) => {
        this.stats.failed++;
        this.deps.logger.error(
          { err: error, deviceId: media.deviceId, mediaId: media.mediaId },
          'recording not stored',
        );
      }),
    );
  }

  private async store(media: AssembledMedia): Promise<void> {
    const { files, transcoder, records, clock } = this.deps;
    if (media.format === 'jpeg') {
      this.stats.ignored++;
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
      files.pathOf(fileName),
    );
    const { source, commandId } = await this.sourceOf(media.deviceId);
    const row = await records.create({
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
    });
    this.stats.stored++;
    this.deps.announce(row);
  }

  /** A pickup the user asked for, else auto-record when it is on, else the device's own. */
  private async sourceOf(
    deviceId: number,
  ): Promise<{ source: RecordSource; commandId: number | null }> {
    const { commands, records, states, clock } = this.deps;
    const latest = await commands.latestOf(deviceId, 'voiceRecord');
    const answered = latest ? (await records.answerTo(latest.id)) !== undefined : false;
    const pickup = openPickup(latest, answered, clock.now());
    if (pickup) return { source: 'pickup', commandId: pickup.commandId };
    const { record } = await states.get(deviceId);
    return { source: record.auto || record.always ? 'auto' : 'device', commandId: null };
  }
}
