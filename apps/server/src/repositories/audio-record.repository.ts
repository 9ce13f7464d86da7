import type { AudioRecordRow, NewAudioRecord } from '../db/schema.js';
import type { Db } from './types.js';

export interface RecordCursor {
  limit: number;
  /** Records older (load more) or newer (refresh) than this one; the newest when absent. */
  recordId?: number | undefined;
  updateType: 'older' | 'newer';
  createTimeStart?: number | undefined;
  createTimeEnd?: number | undefined;
}

/**
 * Recordings of devices and their recycle bin. Reads by device see only what was recorded since
 * `since`: the caller's binding (docs/security.md).
 */
export class AudioRecordRepository {
  constructor(private readonly db: Db) {}

  private ofDevice(deviceId: number, since: number) {
    return this.db
      .selectFrom('audioRecords')
      .where('deviceId', '=', deviceId)
      .where('createdAt', '>=', since);
  }

  /**
   * Stores the recording an upload became and forgets the upload's packets, together: a crash
   * leaves either the packets (assembled again at the next start) or the recording, never both.
   */
  createFromUpload(values: NewAudioRecord, mediaId: string): Promise<AudioRecordRow> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('mediaChunks')
        .where('deviceId', '=', values.deviceId)
        .where('mediaId', '=', mediaId)
        .execute();
      return tx.insertInto('audioRecords').values(values).returningAll().executeTakeFirstOrThrow();
    });
  }

  findById(id: number): Promise<AudioRecordRow | undefined> {
    return this.db.selectFrom('audioRecords').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: number[]): Promise<AudioRecordRow[]> {
    return this.db.selectFrom('audioRecords').selectAll().where('id', 'in', ids).execute();
  }

  /** Records outside the bin, newest first, by cursor. */
  list(deviceId: number, since: number, cursor: RecordCursor): Promise<AudioRecordRow[]> {
    let query = this.ofDevice(deviceId, since).selectAll().where('deleteTime', 'is', null);
    if (cursor.recordId !== undefined)
      query = query.where('id', cursor.updateType === 'older' ? '<' : '>', cursor.recordId);
    if (cursor.createTimeStart !== undefined)
      query = query.where('createdAt', '>=', cursor.createTimeStart);
    if (cursor.createTimeEnd !== undefined)
      query = query.where('createdAt', '<=', cursor.createTimeEnd);
    return query.orderBy('id', 'desc').limit(cursor.limit).execute();
  }

  /** The bin, most recently deleted first, and how many it holds. */
  async trash(
    deviceId: number,
    since: number,
    page: number,
    limit: number,
  ): Promise<{ list: AudioRecordRow[]; count: number }> {
    const [list, counts] = await Promise.all([
      this.ofDevice(deviceId, since)
        .selectAll()
        .where('deleteTime', 'is not', null)
        .orderBy('deleteTime', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.counts(deviceId, since),
    ]);
    return { list, count: counts.trash };
  }

  /** Unread records outside the bin, and records in it. */
  async counts(deviceId: number, since: number): Promise<{ unread: number; trash: number }> {
    const row = await this.ofDevice(deviceId, since)
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb('deleteTime', 'is', null), eb('isRead', '=', 0)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('unread'),
        eb.fn
          .sum<number | string | null>(
            eb.case().when('deleteTime', 'is not', null).then(1).else(0).end(),
          )
          .as('trash'),
      ])
      .executeTakeFirstOrThrow();
    return { unread: Number(row.unread ?? 0), trash: Number(row.trash ?? 0) };
  }

  async markRead(id: number): Promise<void> {
    await this.db.updateTable('audioRecords').set({ isRead: 1 }).where('id', '=', id).execute();
  }

  /** Moves records to the bin (those already there keep their delete time). */
  async moveToTrash(ids: number[], now: number): Promise<void> {
    await this.db
      .updateTable('audioRecords')
      .set({ deleteTime: now })
      .where('id', 'in', ids)
      .where('deleteTime', 'is', null)
      .execute();
  }

  async recoverAll(deviceId: number, since: number): Promise<void> {
    await this.db
      .updateTable('audioRecords')
      .set({ deleteTime: null })
      .where('deviceId', '=', deviceId)
      .where('createdAt', '>=', since)
      .where('deleteTime', 'is not', null)
      .execute();
  }

  /** Deletes the binned records of a device; answers them (their files go next). */
  emptyTrash(deviceId: number, since: number): Promise<AudioRecordRow[]> {
    return this.db
      .deleteFrom('audioRecords')
      .where('deviceId', '=', deviceId)
      .where('createdAt', '>=', since)
      .where('deleteTime', 'is not', null)
      .returningAll()
      .execute();
  }

  /** Deletes at most `limit` records made before `cutoff`, oldest first; answers them (their
   * files go next). */
  deleteOlderThan(cutoff: number, limit: number): Promise<AudioRecordRow[]> {
    return this.db
      .deleteFrom('audioRecords')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('audioRecords')
          .select('id')
          .where('createdAt', '<', cutoff)
          .orderBy('id')
          .limit(limit),
      )
      .returningAll()
      .execute();
  }

  /** The newest record answering a command (a pickup), if one arrived. */
  answerTo(commandId: number): Promise<AudioRecordRow | undefined> {
    return this.db
      .selectFrom('audioRecords')
      .selectAll()
      .where('commandId', '=', commandId)
      .limit(1)
      .executeTakeFirst();
  }
}
