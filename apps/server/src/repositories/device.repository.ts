import type { Insertable } from 'kysely';
import type { BindingState, DeviceRow, DevicesTable, DeviceStatus } from '../db/schema.js';
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

  /** The status of these devices and when each was last heard from (the offline alarm). */
  async aliveOf(
    deviceIds: readonly number[],
  ): Promise<Map<number, { status: DeviceStatus; lastAlive: number | null }>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('deviceStates')
      .select(['deviceId', 'status', 'lastAlive'])
      .where('deviceId', 'in', deviceIds)
      .execute();
    return new Map(rows.map(({ deviceId, ...alive }) => [deviceId, alive]));
  }

  findById(id: number): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async bind(
    userId: number,
    deviceId: number,
    isOwner: boolean,
    state: BindingState = 'active',
  ): Promise<void> {
    await this.db
      .insertInto('userDevices')
      .values({ userId, deviceId, isOwner: isOwner ? 1 : 0, state, createdAt: Date.now() })
      .onConflict((oc) => oc.columns(['userId', 'deviceId']).doNothing())
      .execute();
  }

  findBinding(userId: number, deviceId: number) {
    return this.db
      .selectFrom('userDevices')
      .selectAll()
      .where('userId', '=', userId)
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  async hasOwner(deviceId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('userDevices')
      .select('userId')
      .where('deviceId', '=', deviceId)
      .where('isOwner', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The accounts bound to a device or asking to be, owner first. */
  members(deviceId: number) {
    return this.db
      .selectFrom('userDevices')
      .innerJoin('users', 'users.id', 'userDevices.userId')
      .select([
        'users.id as userId',
        'users.username',
        'users.nickname',
        'userDevices.isOwner',
        'userDevices.state',
        'userDevices.createdAt',
      ])
      .where('userDevices.deviceId', '=', deviceId)
      .orderBy('userDevices.isOwner', 'desc')
      .orderBy('userDevices.createdAt')
      .execute();
  }

  async activate(userId: number, deviceId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('userDevices')
      .set({ state: 'active' })
      .where('userId', '=', userId)
      .where('deviceId', '=', deviceId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async unbind(userId: number, deviceId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('userDevices')
      .where('userId', '=', userId)
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Releases a device from every account; answers the accounts it was bound to. */
  async unbindEveryone(deviceId: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('userDevices')
        .select('userId')
        .where('deviceId', '=', deviceId)
        .execute();
      await trx.deleteFrom('userDevices').where('deviceId', '=', deviceId).execute();
      return rows.map((row) => row.userId);
    });
  }

  async setFilter(userId: number, deviceId: number, filter: string): Promise<void> {
    await this.db
      .updateTable('userDevices')
      .set({ filter })
      .where('userId', '=', userId)
      .where('deviceId', '=', deviceId)
      .execute();
  }

  async update(
    id: number,
    changes: Partial<
      Pick<DeviceRow, 'name' | 'iconType' | 'passwordHash' | 'model' | 'enterpriseId'>
    >,
  ): Promise<void> {
    await this.db.updateTable('devices').set(changes).where('id', '=', id).execute();
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
