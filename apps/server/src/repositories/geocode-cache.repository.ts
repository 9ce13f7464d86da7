import type { Regeo } from '@xunji/shared';
import type { Db } from './types.js';

/** Geocoding answers by key; null is kept too (the service knows no address there). */
export class GeocodeCacheRepository {
  constructor(private readonly db: Db) {}

  /** The answer stored at or after `since`; undefined when there is none. */
  async find(key: string, since: number): Promise<Regeo | null | undefined> {
    const row = await this.db
      .selectFrom('geocodeCache')
      .select('address')
      .where('key', '=', key)
      .where('createdAt', '>=', since)
      .executeTakeFirst();
    return row ? (JSON.parse(row.address) as Regeo | null) : undefined;
  }

  async save(key: string, address: Regeo | null, now: number): Promise<void> {
    const values = { key, address: JSON.stringify(address), createdAt: now };
    await this.db
      .insertInto('geocodeCache')
      .values(values)
      .onConflict((oc) => oc.column('key').doUpdateSet({ address: values.address, createdAt: now }))
      .execute();
  }
}
