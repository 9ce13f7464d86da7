import type { Dialect } from '../db/database.js';
import { deleteOldRows, type OldRowsBatch } from './old-rows.js';
import type { Db } from './types.js';

/** Cells and access points seen without GPS (written by the ingest batch) and their resolution. */
export class NetworkFixRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** Deletes at most `limit` fixes older than `cutoff`, from a device on (old-rows.ts). */
  deleteOlderThan(cutoff: number, fromDeviceId: number, limit: number): Promise<OldRowsBatch> {
    return deleteOldRows(this.db, this.dialect, 'network_fixes', cutoff, fromDeviceId, limit);
  }

  async resolve(
    deviceId: number,
    fixTime: number,
    answer: { latitude: number; longitude: number; accuracy: number },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('networkFixes')
      .set({ ...answer, resolvedAt: now })
      .where('deviceId', '=', deviceId)
      .where('fixTime', '=', fixTime)
      .execute();
  }

  listForDevice(deviceId: number) {
    return this.db
      .selectFrom('networkFixes')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
  }
}
