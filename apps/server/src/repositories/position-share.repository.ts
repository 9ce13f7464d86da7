import type { DeviceStatus, PositionShareRow } from '../db/schema.js';
import type { Db } from './types.js';

export type NewShare = Omit<PositionShareRow, 'id' | 'revokedAt'>;

/** A live share with what its public calls may tell: the device's name, icon and latest fix. */
export interface SharedDevice {
  expiresAt: number;
  name: string | null;
  iconType: number | null;
  model: string | null;
  protocol: string;
  /** The sharer's tenure began here: an older fix is someone else's (docs/security.md). */
  visibleFrom: number;
  status: DeviceStatus | null;
  locateTime: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  course: number | null;
}

/** A live share as the device's managers list it. */
export interface ShareListRow {
  id: number;
  deviceId: number;
  durationH: number;
  createdAt: number;
  expiresAt: number;
  createdBy: string;
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** Links to a device's live position, found by the hash of their code. */
export class PositionShareRepository {
  constructor(private readonly db: Db) {}

  async create(share: NewShare): Promise<number> {
    const row = await this.db
      .insertInto('positionShares')
      .values(share)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Not revoked, not past its end, and its maker's account still there (a cancelled one ends them). */
  private live(now: number) {
    return this.db
      .selectFrom('positionShares as ps')
      .innerJoin('users as sharer', 'sharer.id', 'ps.userId')
      .where('ps.revokedAt', 'is', null)
      .where('ps.expiresAt', '>', now);
  }

  /** One lookup by the unique hash, with the device and its state row. */
  async sharedDevice(codeHash: string, now: number): Promise<SharedDevice | undefined> {
    const row = await this.live(now)
      .where('ps.codeHash', '=', codeHash)
      .innerJoin('devices as d', 'd.id', 'ps.deviceId')
      .leftJoin('deviceStates as s', 's.deviceId', 'ps.deviceId')
      .leftJoin('userDevices as ud', (join) =>
        join
          .onRef('ud.deviceId', '=', 'ps.deviceId')
          .onRef('ud.userId', '=', 'ps.userId')
          .on('ud.state', '=', 'active'),
      )
      .select((eb) => [
        'ps.expiresAt',
        'd.name',
        'd.iconType',
        'd.model',
        'd.protocol',
        eb.fn.coalesce('ud.visibleFrom', 'd.tenureStartedAt').as('visibleFrom'),
        's.status',
        's.locateTime',
        's.latitude',
        's.longitude',
        's.speed',
        's.course',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      expiresAt: Number(row.expiresAt),
      visibleFrom: Number(row.visibleFrom),
      locateTime: num(row.locateTime),
    };
  }

  async listLive(deviceId: number, now: number): Promise<ShareListRow[]> {
    const rows = await this.live(now)
      .where('ps.deviceId', '=', deviceId)
      .select((eb) => [
        'ps.id',
        'ps.deviceId',
        'ps.durationH',
        'ps.createdAt',
        'ps.expiresAt',
        eb.fn.coalesce('sharer.nickname', 'sharer.username').as('createdBy'),
      ])
      .orderBy('ps.id')
      .execute();
    return rows.map((row) => ({
      ...row,
      createdAt: Number(row.createdAt),
      expiresAt: Number(row.expiresAt),
    }));
  }

  /** The device of a live share, or undefined. */
  async liveDeviceOf(id: number, now: number): Promise<number | undefined> {
    const row = await this.live(now)
      .where('ps.id', '=', id)
      .select('ps.deviceId')
      .executeTakeFirst();
    return row?.deviceId;
  }

  async revoke(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('positionShares')
      .set({ revokedAt: now })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .execute();
  }
}
