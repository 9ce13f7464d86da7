import type { Insertable } from 'kysely';
import type {
  AppAdRow,
  AppAdsTable,
  AppVersionRow,
  AppVersionsTable,
  NoticeRow,
} from '../db/schema.js';
import type { Db } from './types.js';

/** What an application shows at launch: its released versions, notices and advertisements. */
export class AppContentRepository {
  constructor(private readonly db: Db) {}

  findVersion(applicationId: number, platform: string): Promise<AppVersionRow | undefined> {
    return this.db
      .selectFrom('appVersions')
      .selectAll()
      .where('applicationId', '=', applicationId)
      .where('platform', '=', platform)
      .executeTakeFirst();
  }

  async setVersion(values: Insertable<AppVersionsTable>): Promise<void> {
    const { applicationId: _a, platform: _p, ...changes } = values;
    await this.db
      .insertInto('appVersions')
      .values(values)
      .onConflict((oc) => oc.columns(['applicationId', 'platform']).doUpdateSet(changes))
      .execute();
  }

  latestNotice(applicationId: number, now: number): Promise<NoticeRow | undefined> {
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('applicationId', '=', applicationId)
      .where('publishedAt', '<=', now)
      .orderBy('publishedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findNotice(applicationId: number, id: number): Promise<NoticeRow | undefined> {
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('applicationId', '=', applicationId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  createNotice(applicationId: number, title: string, content: string, publishedAt: number) {
    return this.db
      .insertInto('notices')
      .values({ applicationId, title, content, publishedAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  activeAds(applicationId: number, now: number): Promise<AppAdRow[]> {
    return this.db
      .selectFrom('appAds')
      .selectAll()
      .where('applicationId', '=', applicationId)
      .where('startsAt', '<=', now)
      .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
      .orderBy('startsAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  createAd(ad: Insertable<AppAdsTable>): Promise<AppAdRow> {
    return this.db.insertInto('appAds').values(ad).returningAll().executeTakeFirstOrThrow();
  }

  /** Counts a click; answers the ad, or undefined when it does not exist for the application. */
  async recordAdClick(applicationId: number, id: number): Promise<AppAdRow | undefined> {
    return this.db
      .updateTable('appAds')
      .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
      .where('applicationId', '=', applicationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}
