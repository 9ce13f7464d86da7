import type { Db } from './types.js';

/** The users' own last position, from the app (WGS-84). */
export class UserLocationRepository {
  constructor(private readonly db: Db) {}

  async save(userId: number, latitude: number, longitude: number, at: number): Promise<void> {
    await this.db
      .insertInto('userLocations')
      .values({ userId, latitude, longitude, updatedAt: at })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ latitude, longitude, updatedAt: at }))
      .execute();
  }

  find(userId: number) {
    return this.db
      .selectFrom('userLocations')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirst();
  }
}
