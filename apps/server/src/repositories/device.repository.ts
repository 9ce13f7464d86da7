import type { Insertable } from 'kysely';
import type { BindingState, DeviceRow, DevicesTable, DeviceStatus } from '../db/schema.js';
import { normalizeTerminalNo } from '../devices/terminal-no.js';
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

  /** The device of a number in any of its written forms (leading zeros, see terminal-no.ts). */
  findByTerminalNo(terminalNo: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('terminalNo', '=', normalizeTerminalNo(terminalNo))
      .executeTakeFirst();
  }

  /** Keyed by the stored (normal) number. */
  async findByTerminalNos(terminalNos: string[]): Promise<Map<string, DeviceRow>> {
    if (terminalNos.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .selectAll()
      .where('terminalNo', 'in', terminalNos.map(normalizeTerminalNo))
      .execute();
    return new Map(rows.map((row) => [row.terminalNo, row]));
  }

  /** Sets (or clears) a device's secret; answers the device as it is after. */
  setAuthCode(
    deviceId: number,
    authCode: string | null,
    fixed: boolean,
  ): Promise<DeviceRow | undefined> {
    return this.db
      .updateTable('devices')
      .set({ authCode, authCodeFixed: fixed ? 1 : 0 })
      .where('id', '=', deviceId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Remembers that `attempts` more connections claimed the device while another held it (one row
   * per device: the latest addresses, the running count).
   */
  async recordContest(
    deviceId: number,
    addresses: { established: string; newcomer: string },
    at: number,
    attempts: number,
  ): Promise<void> {
    await this.db
      .insertInto('deviceContests')
      .values({ deviceId, ...addresses, firstAt: at, lastAt: at, attempts })
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet((eb) => ({
          ...addresses,
          lastAt: at,
          attempts: eb('deviceContests.attempts', '+', attempts),
        })),
      )
      .execute();
  }

  contestOf(deviceId: number) {
    return this.db
      .selectFrom('deviceContests')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
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
    /** From when this account sees the device's data: by default from now on. */
    visibleFrom = Date.now(),
  ): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('userDevices')
      .values({
        userId,
        deviceId,
        isOwner: isOwner ? 1 : 0,
        state,
        createdAt: now,
        ...(state === 'active' && { visibleFrom }),
      })
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

  async ownedBy(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('userDevices')
      .select('deviceId')
      .where('userId', '=', userId)
      .where('isOwner', '=', 1)
      .execute();
    return rows.map((row) => row.deviceId);
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

  /** A bind request accepted: the account sees the device's data from `visibleFrom` on. */
  async activate(userId: number, deviceId: number, visibleFrom: number): Promise<boolean> {
    const result = await this.db
      .updateTable('userDevices')
      .set({ state: 'active', visibleFrom })
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
      Pick<DeviceRow, 'name' | 'iconType' | 'passwordHash' | 'model' | 'enterpriseId' | 'simNo'>
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
