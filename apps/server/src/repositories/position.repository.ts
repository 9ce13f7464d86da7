import { sql } from 'kysely';
import type { DeviceStatus, NewDeviceFrame, NewPosition } from '../db/schema.js';
import type { Db } from './types.js';

const CHUNK = 1000;

/** What the latest message of a device says about it, applied with its batch. */
export interface DeviceStateUpdate {
  deviceId: number;
  status: DeviceStatus;
  lastAlive: number;
  /** The newest position of the batch, if any: it moves the device only if newer than the stored one. */
  position?: NewPosition;
}

export class PositionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores positions and device states in one transaction. A position already stored for that
   * device and fix time is skipped: a device re-sending what it was not acked for is stored once.
   */
  async commitBatch(
    positions: NewPosition[],
    states: DeviceStateUpdate[],
    frames: NewDeviceFrame[] = [],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < frames.length; i += CHUNK) {
        await trx
          .insertInto('deviceFrames')
          .values(frames.slice(i, i + CHUNK))
          .execute();
      }
      for (let i = 0; i < positions.length; i += CHUNK) {
        await trx
          .insertInto('positions')
          .values(positions.slice(i, i + CHUNK))
          .onConflict((oc) => oc.columns(['deviceId', 'fixTime']).doNothing())
          .execute();
      }
      for (const state of states) {
        await trx
          .insertInto('deviceStates')
          .values({
            deviceId: state.deviceId,
            status: state.status,
            lastAlive: state.lastAlive,
            updatedAt: state.lastAlive,
          })
          .onConflict((oc) =>
            oc.column('deviceId').doUpdateSet({
              status: state.status,
              lastAlive: state.lastAlive,
              updatedAt: state.lastAlive,
            }),
          )
          .execute();
        const p = state.position;
        if (!p) continue;
        await trx
          .updateTable('deviceStates')
          .set({
            locateTime: p.fixTime,
            latitude: p.latitude,
            longitude: p.longitude,
            speed: p.speed,
            course: p.course,
            valid: p.valid,
            lbsMode: p.lbsMode,
            satellites: p.satellites ?? null,
            battery: p.battery ?? null,
            acc: p.acc ?? null,
            mileage: p.mileage ?? null,
          })
          .where('deviceId', '=', state.deviceId)
          .where((eb) => eb.or([eb('locateTime', 'is', null), eb('locateTime', '<', p.fixTime)]))
          .execute();
      }
    });
  }

  async setStatus(deviceId: number, status: DeviceStatus, now: number): Promise<void> {
    await this.db
      .insertInto('deviceStates')
      .values({ deviceId, status, updatedAt: now })
      .onConflict((oc) => oc.column('deviceId').doUpdateSet({ status, updatedAt: now }))
      .execute();
  }

  findState(deviceId: number) {
    return this.db
      .selectFrom('deviceStates')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  latestFixTime(deviceId: number): Promise<{ fixTime: number } | undefined> {
    return this.db
      .selectFrom('positions')
      .select('fixTime')
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Keeps only the newest `keep` raw frames of each device. */
  async pruneFrames(keep: number): Promise<void> {
    await sql`
      DELETE FROM device_frames WHERE id IN (
        SELECT id FROM (
          SELECT id, ROW_NUMBER() OVER (PARTITION BY device_id ORDER BY id DESC) AS position
          FROM device_frames
        ) ranked WHERE position > ${keep}
      )`.execute(this.db);
  }

  latestFrames(deviceId: number, limit: number) {
    return this.db
      .selectFrom('deviceFrames')
      .select(['receivedAt', 'data'])
      .where('deviceId', '=', deviceId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  listForDevice(deviceId: number) {
    return this.db
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
  }
}
