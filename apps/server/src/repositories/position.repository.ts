import { sql } from 'kysely';
import type { DeviceStatus, NewDeviceFrame, NewPosition } from '../db/schema.js';
import type { Db } from './types.js';

const CHUNK = 1000;

/** Columns of a device's state that describe its latest fix. */
const LOCATED_COLUMNS = [
  'locateTime',
  'latitude',
  'longitude',
  'speed',
  'course',
  'valid',
  'lbsMode',
  'satellites',
  'battery',
  'acc',
  'mileage',
] as const;
type LocatedColumn = (typeof LOCATED_COLUMNS)[number];

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
      for (let i = 0; i < states.length; i += CHUNK) {
        await this.upsertStates(trx, states.slice(i, i + CHUNK));
      }
    });
  }

  /**
   * One statement for the whole batch: status and lastAlive always move; the location columns move
   * only when the batch's fix is newer than the stored one (a late re-upload never moves a device back).
   */
  private async upsertStates(trx: Db, states: DeviceStateUpdate[]): Promise<void> {
    const rows = states.map(({ deviceId, status, lastAlive, position: p }) => ({
      deviceId,
      status,
      lastAlive,
      updatedAt: lastAlive,
      locateTime: p?.fixTime ?? null,
      latitude: p?.latitude ?? null,
      longitude: p?.longitude ?? null,
      speed: p?.speed ?? null,
      course: p?.course ?? null,
      valid: p?.valid ?? null,
      lbsMode: p?.lbsMode ?? null,
      satellites: p?.satellites ?? null,
      battery: p?.battery ?? null,
      acc: p?.acc ?? null,
      mileage: p?.mileage ?? null,
    }));
    await trx
      .insertInto('deviceStates')
      .values(rows)
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet((eb) => {
          const newer = eb.and([
            eb('excluded.locateTime', 'is not', null),
            eb.or([
              eb('deviceStates.locateTime', 'is', null),
              eb('excluded.locateTime', '>', eb.ref('deviceStates.locateTime')),
            ]),
          ]);
          const located = <C extends LocatedColumn>(column: C) =>
            eb
              .case()
              .when(newer)
              .then(eb.ref(`excluded.${column}`))
              .else(eb.ref(`deviceStates.${column}`))
              .end();
          return {
            status: eb.ref('excluded.status'),
            lastAlive: eb.ref('excluded.lastAlive'),
            updatedAt: eb.ref('excluded.updatedAt'),
            ...Object.fromEntries(LOCATED_COLUMNS.map((column) => [column, located(column)])),
          };
        }),
      )
      .execute();
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
