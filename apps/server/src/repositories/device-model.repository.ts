import type { Insertable } from 'kysely';
import type { DeviceModelRow, DeviceModelsTable } from '../db/schema.js';
import type { Db } from './types.js';

export class DeviceModelRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<DeviceModelRow[]> {
    return this.db.selectFrom('deviceModels').selectAll().orderBy('id').execute();
  }

  findByName(name: string): Promise<DeviceModelRow | undefined> {
    return this.db
      .selectFrom('deviceModels')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  create(model: Insertable<DeviceModelsTable>): Promise<DeviceModelRow> {
    return this.db
      .insertInto('deviceModels')
      .values(model)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    name: string,
    changes: Partial<Omit<DeviceModelRow, 'id' | 'name' | 'createdAt'>>,
  ): Promise<void> {
    await this.db.updateTable('deviceModels').set(changes).where('name', '=', name).execute();
  }

  async delete(name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('deviceModels')
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
