import {
  DEFAULT_TIME_ZONE,
  instantOf,
  type api,
  type AudioRecord,
  type CallParsed,
  type CommandRecord,
  type RecordStatus,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { AudioRecordRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { fieldError } from '../http/validation.js';
import { toAudioRecord } from '../audio/audio-record-view.js';
import { openPickupOf } from '../audio/pickup.js';
import type { RecordingFiles } from '../audio/recording-files.js';
import type { AudioRecordRepository } from '../repositories/audio-record.repository.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';
import type { DeviceAccess } from './device-access.service.js';
import type { RemoteCommands } from './remote-commands.js';

type PageQuery = CallParsed<typeof api.recordPage>['query'];

/** A page bound as epoch ms ("YYYY-MM-DD HH:mm:ss" read in China time, the app's default zone). */
function bound(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const instant = instantOf(value, DEFAULT_TIME_ZONE);
  if (instant === undefined) throw fieldError(field, 'time');
  return instant;
}

/** A recording's playable file, once the caller's access is checked. */
export interface RecordingAudio {
  path: string;
  size: number;
  mimeType: string;
}

/**
 * Spec §7 "Recordings": everyone who sees a device may ask it to record, change its recording
 * settings, listen, mark read and use the recycle bin (a family shares a child's watch).
 * `respondImmediate` on the auto-record settings: true answers notConnected for an offline
 * device, false keeps the setting for its next login (delayed delivery).
 */
export class RecordService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly remote: RemoteCommands,
    private readonly records: AudioRecordRepository,
    private readonly commands: CommandRepository,
    private readonly states: RemoteStateRepository,
    private readonly files: RecordingFiles,
    private readonly clock: Clock,
  ) {}

  async send(userId: number, deviceId: number, seconds: number): Promise<CommandRecord> {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'voiceRecord', seconds });
  }

  async setAuto(userId: number, deviceId: number, on: boolean, seconds: number) {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'autoRecord', on, seconds });
  }

  async setSensitivity(userId: number, deviceId: number, level: number, immediate: boolean) {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(
      userId,
      device,
      { type: 'autoRecordSensitivity', level },
      { queueIfOffline: !immediate },
    );
  }

  async setMode(userId: number, deviceId: number, mode: 'sound' | 'schedule', immediate: boolean) {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(
      userId,
      device,
      { type: 'autoRecordMode', mode },
      { queueIfOffline: !immediate },
    );
  }

  async setAlways(userId: number, deviceId: number, on: boolean): Promise<CommandRecord> {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'alwaysRecord', on });
  }

  /** Newest first by cursor; fewer than `limit` means there are no more. */
  async page(userId: number, query: PageQuery): Promise<{ list: AudioRecord[] }> {
    const { visibleFrom } = await this.access.require(userId, query.terminalId);
    const rows = await this.records.list(query.terminalId, visibleFrom, {
      limit: query.limit,
      recordId: query.recordId,
      updateType: query.updateType,
      createTimeStart: bound(query.createTimeStart, 'createTimeStart'),
      createTimeEnd: bound(query.createTimeEnd, 'createTimeEnd'),
    });
    return { list: rows.map(toAudioRecord) };
  }

  async status(userId: number, deviceId: number): Promise<RecordStatus> {
    const { visibleFrom } = await this.access.require(userId, deviceId);
    const [{ record }, counts, pickup] = await Promise.all([
      this.states.get(deviceId),
      this.records.counts(deviceId, visibleFrom),
      openPickupOf(deviceId, this.commands, this.records, this.clock.now()),
    ]);
    return {
      terminalId: deviceId,
      isAuto: record.auto ? 1 : 0,
      seconds: record.seconds,
      sensitivity: record.sensitivity,
      mode: record.mode,
      isOpen: record.always ? 1 : 0,
      recording: pickup ? { seconds: pickup.seconds, since: pickup.since } : null,
      unread: counts.unread,
      trash: counts.trash,
    };
  }

  async read(userId: number, id: number): Promise<void> {
    await this.readable(userId, id);
    await this.records.markRead(id);
  }

  async delete(userId: number, ids: number[]): Promise<void> {
    const rows = await this.records.findByIds(ids);
    if (rows.length !== new Set(ids).size) throw new AppError('RECORD_NOT_FOUND');
    const since = new Map<number, number>();
    for (const deviceId of new Set(rows.map((row) => row.deviceId)))
      since.set(deviceId, await this.recordsVisibleFrom(userId, deviceId));
    if (rows.some((row) => row.createdAt < since.get(row.deviceId)!))
      throw new AppError('RECORD_NOT_FOUND');
    await this.records.moveToTrash(ids, this.clock.now());
  }

  async trashPage(userId: number, query: { terminalId: number; page: number; limit: number }) {
    const { visibleFrom } = await this.access.require(userId, query.terminalId);
    const { list, count } = await this.records.trash(
      query.terminalId,
      visibleFrom,
      query.page,
      query.limit,
    );
    return { list: list.map(toAudioRecord), count };
  }

  /** Deletes the binned recordings and their files for good. */
  async emptyTrash(userId: number, deviceId: number): Promise<void> {
    const { visibleFrom } = await this.access.require(userId, deviceId);
    const removed = await this.records.emptyTrash(deviceId, visibleFrom);
    await this.files.remove(removed.flatMap((row) => [row.fileName, row.originalName]));
  }

  async recoverAll(userId: number, deviceId: number): Promise<void> {
    const { visibleFrom } = await this.access.require(userId, deviceId);
    await this.records.recoverAll(deviceId, visibleFrom);
  }

  /** The playable file of a recording the caller may hear (in the bin too). */
  async audio(userId: number, id: number): Promise<RecordingAudio> {
    const row = await this.readable(userId, id);
    const size = await this.files.sizeOf(row.fileName);
    if (size === undefined) throw new AppError('RECORD_AUDIO_MISSING');
    return { path: this.files.pathOf(row.fileName), size, mimeType: row.mimeType };
  }

  /**
   * A recording the caller may hear: of a device it sees, made since its binding. Any other
   * answers 2821 like a missing one.
   */
  private async readable(userId: number, id: number): Promise<AudioRecordRow> {
    const row = await this.records.findById(id);
    if (!row || row.createdAt < (await this.recordsVisibleFrom(userId, row.deviceId)))
      throw new AppError('RECORD_NOT_FOUND');
    return row;
  }

  private async recordsVisibleFrom(userId: number, deviceId: number): Promise<number> {
    try {
      return (await this.access.require(userId, deviceId)).visibleFrom;
    } catch (error) {
      if (error instanceof AppError && error.codeName === 'DEVICE_UNBOUND')
        throw new AppError('RECORD_NOT_FOUND');
      throw error;
    }
  }
}
