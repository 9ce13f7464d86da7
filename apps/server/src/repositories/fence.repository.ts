import type { FenceRow, NewFence } from '../db/schema.js';
import type { Db } from './types.js';

/**
 * Fences and the side of each fence its device was last seen on. Fences of an ended tenure
 * (`retiredAt`) are kept for retention only: no query here returns them.
 */
export class FenceRepository {
  constructor(private readonly db: Db) {}

  private current() {
    return this.db.selectFrom('fences').where('retiredAt', 'is', null);
  }

  async page(deviceId: number, page: number, limit: number) {
    const [list, total] = await Promise.all([
      this.current()
        .selectAll()
        .where('deviceId', '=', deviceId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.countOf(deviceId),
    ]);
    return { list, count: total };
  }

  async countOf(deviceId: number): Promise<number> {
    const row = await this.current()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deviceId', '=', deviceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  byId(id: number): Promise<FenceRow | undefined> {
    return this.current().selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The enabled fences of the devices, for the alarm engine. */
  enabledOf(deviceIds: readonly number[]): Promise<FenceRow[]> {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.current()
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .where('status', '=', 1)
      .execute();
  }

  async create(fence: NewFence): Promise<FenceRow> {
    return this.db.insertInto('fences').values(fence).returningAll().executeTakeFirstOrThrow();
  }

  /** A changed shape or type forgets the side the device was on: the next fix decides afresh. */
  async update(id: number, changes: Partial<NewFence>, reshaped: boolean): Promise<FenceRow> {
    return this.db.transaction().execute(async (tx) => {
      if (reshaped) await tx.deleteFrom('fenceStates').where('fenceId', '=', id).execute();
      return tx
        .updateTable('fences')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('fenceStates').where('fenceId', '=', id).execute();
      await tx.deleteFrom('fences').where('id', '=', id).execute();
    });
  }

  /** fenceId → inside (true) or outside (false), for the fences that have a state. */
  async states(fenceIds: readonly number[]): Promise<Map<number, boolean>> {
    if (fenceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('fenceStates')
      .select(['fenceId', 'inside'])
      .where('fenceId', 'in', fenceIds)
      .execute();
    return new Map(rows.map((row) => [Number(row.fenceId), row.inside === 1]));
  }

  async saveStates(states: { fenceId: number; inside: boolean; at: number }[]): Promise<void> {
    if (states.length === 0) return;
    await this.db
      .insertInto('fenceStates')
      .values(
        states.map(({ fenceId, inside, at }) => ({
          fenceId,
          inside: inside ? 1 : 0,
          changedAt: at,
        })),
      )
      .onConflict((oc) =>
        oc.column('fenceId').doUpdateSet((eb) => ({
          inside: eb.ref('excluded.inside'),
          changedAt: eb.ref('excluded.changedAt'),
        })),
      )
      .execute();
  }
}
