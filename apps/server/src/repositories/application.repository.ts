import type { Insertable, Updateable } from 'kysely';
import type { ApplicationRow, ApplicationsTable } from '../db/schema.js';
import type { Db } from './types.js';

export class ApplicationRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<ApplicationRow | undefined> {
    return this.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<ApplicationRow[]> {
    return this.db.selectFrom('applications').selectAll().orderBy('id').execute();
  }

  async create(values: Insertable<ApplicationsTable>): Promise<ApplicationRow> {
    return this.db
      .insertInto('applications')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: Updateable<ApplicationsTable>): Promise<void> {
    await this.db.updateTable('applications').set(values).where('id', '=', id).execute();
  }
}
