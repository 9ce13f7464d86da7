import type { DeviceServiceRow } from '../db/schema.js';
import type { Db } from './types.js';

/** The §3 VIP/service period of each device. */
export class DeviceServiceRepository {
  constructor(private readonly db: Db) {}

  find(deviceId: number): Promise<DeviceServiceRow | undefined> {
    return this.db
      .selectFrom('deviceServices')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  async save(period: DeviceServiceRow): Promise<void> {
    await this.db
      .insertInto('deviceServices')
      .values(period)
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet({
          startingTime: period.startingTime,
          expirationTime: period.expirationTime,
          isTrial: period.isTrial,
        }),
      )
      .execute();
  }
}
