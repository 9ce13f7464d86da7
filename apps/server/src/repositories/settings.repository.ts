import type { Db } from './types.js';

/** Server-wide values created at first start (e.g. the token signing key). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('serverSettings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Stores the value unless one exists; answers the value that is stored. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db
      .insertInto('serverSettings')
      .values({ key, value: create() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const value = await this.get(key);
    if (value === undefined) throw new Error(`setting ${key} was not stored`);
    return value;
  }
}
