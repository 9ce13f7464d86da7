import type { AlarmSettingRow } from '../db/schema.js';
import type { Db } from './types.js';

export type AlarmSettingChanges = Partial<Omit<AlarmSettingRow, 'id' | 'deviceId' | 'updatedAt'>>;

/** One row per device, made with the §4 defaults the first time it is read. */
export class AlarmSettingRepository {
  constructor(private readonly db: Db) {}

  async ofDevice(deviceId: number, now: number): Promise<AlarmSettingRow> {
    return (await this.ofDevicesMade([deviceId], now)).get(deviceId)!;
  }

  /** The rows of these devices, making those not made yet (in one statement). */
  async ofDevicesMade(
    deviceIds: readonly number[],
    now: number,
  ): Promise<Map<number, AlarmSettingRow>> {
    const rows = new Map((await this.ofDevices(deviceIds)).map((row) => [row.deviceId, row]));
    const missing = deviceIds.filter((id) => !rows.has(id));
    if (missing.length === 0) return rows;
    await this.db
      .insertInto('alarmSettings')
      .values(missing.map((deviceId) => ({ deviceId, updatedAt: now })))
      .onConflict((oc) => oc.column('deviceId').doNothing())
      .execute();
    for (const row of await this.ofDevices(missing)) rows.set(row.deviceId, row);
    return rows;
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
}
