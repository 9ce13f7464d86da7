import type { EnterpriseRow } from '../db/schema.js';
import type { Db } from './types.js';

export class EnterpriseRepository {
  constructor(private readonly db: Db) {}

  create(name: string, parentId: number | null): Promise<EnterpriseRow> {
    return this.db
      .insertInto('enterprises')
      .values({ name, parentId, createdAt: Date.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(id: number): Promise<EnterpriseRow | undefined> {
    return this.db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<EnterpriseRow[]> {
    return this.db.selectFrom('enterprises').selectAll().orderBy('id').execute();
  }

  /** Devices per organisation. */
  async deviceCounts(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('devices')
      .select((eb) => ['enterpriseId', eb.fn.countAll<number | string>().as('count')])
      .where('enterpriseId', 'is not', null)
      .groupBy('enterpriseId')
      .execute();
    return new Map(rows.map((row) => [row.enterpriseId as number, Number(row.count)]));
  }
}
