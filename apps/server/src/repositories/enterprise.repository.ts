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
}
