import type { AlarmSettingRow } from '../db/schema.js';
import type { Db } from './types.js';

export type AlarmSettingChanges = Partial<Omit<AlarmSettingRow, 'id' | 'deviceId' | 'updatedAt'>>;

/** One row per device, made with the §4 defaults the first time it is read. */
export class AlarmSettingRepository {
  constructor(private readonly db: Db) {}

  async ofDevice(deviceId: number, now: number): Promise<AlarmSettingRow> {
    const found = await this.find(deviceId);
    if (found) return found;
    await this.db
      .insertInto('alarmSettings')
      .values({ deviceId, updatedAt: now })
      .onConflict((oc) => oc.column('deviceId').doNothing())
      .execute();
    return (await this.find(deviceId))!;
  }

  byId(id: number): Promise<AlarmSettingRow | undefined> {
    return this.db.selectFrom('alarmSettings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The stored rows of these devices (devices never changed have none: defaults apply). */
  ofDevices(deviceIds: readonly number[]): Promise<AlarmSettingRow[]> {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('alarmSettings')
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .execute();
  }

  async update(id: number, changes: AlarmSettingChanges, now: number): Promise<AlarmSettingRow> {
    return this.db
      .updateTable('alarmSettings')
      .set({ ...changes, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private find(deviceId: number) {
    return this.db
      .selectFrom('alarmSettings')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }
}
