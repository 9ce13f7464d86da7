import type { Insertable } from 'kysely';
import type { DeviceRow, DevicesTable } from '../db/schema.js';
import type { Db } from './types.js';

export class DeviceRepository {
  constructor(private readonly db: Db) {}

  create(device: Insertable<DevicesTable>): Promise<DeviceRow> {
    return this.db.insertInto('devices').values(device).returningAll().executeTakeFirstOrThrow();
  }

  /** Registers many devices in one transaction (imports, load tests). */
  async createMany(devices: Insertable<DevicesTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < devices.length; i += 500) {
        await trx
          .insertInto('devices')
          .values(devices.slice(i, i + 500))
          .execute();
      }
    });
  }

  findByTerminalNo(terminalNo: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('terminalNo', '=', terminalNo)
      .executeTakeFirst();
  }

  async findByTerminalNos(terminalNos: string[]): Promise<Map<string, DeviceRow>> {
    if (terminalNos.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .selectAll()
      .where('terminalNo', 'in', terminalNos)
      .execute();
    return new Map(rows.map((row) => [row.terminalNo, row]));
  }

  async bind(userId: number, deviceId: number, isOwner: boolean): Promise<void> {
    await this.db
      .insertInto('userDevices')
      .values({ userId, deviceId, isOwner: isOwner ? 1 : 0, createdAt: Date.now() })
      .onConflict((oc) => oc.columns(['userId', 'deviceId']).doNothing())
      .execute();
  }

  async unbindAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('userDevices').where('userId', '=', userId).execute();
  }

  list(): Promise<DeviceRow[]> {
    return this.db.selectFrom('devices').selectAll().orderBy('id').execute();
  }

  /** Every device with its latest state and the accounts bound to it, for operators. */
  async overview() {
    const rows = await this.db
      .selectFrom('devices')
      .leftJoin('deviceStates', 'deviceStates.deviceId', 'devices.id')
      .select([
        'devices.id',
        'devices.terminalNo',
        'devices.protocol',
        'devices.name',
        'deviceStates.status',
        'deviceStates.locateTime',
        'deviceStates.lastAlive',
        'deviceStates.latitude',
        'deviceStates.longitude',
      ])
      .orderBy('devices.id')
      .execute();
    const bindings = await this.db
      .selectFrom('userDevices')
      .innerJoin('users', 'users.id', 'userDevices.userId')
      .select(['userDevices.deviceId', 'users.username'])
      .execute();
    return rows.map((row) => ({
      ...row,
      users: bindings.filter((b) => b.deviceId === row.id).map((b) => b.username),
    }));
  }
}
