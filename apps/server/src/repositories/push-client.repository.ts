import { UserType } from '@xunji/shared';
import type { PushClientRow } from '../db/schema.js';
import type { Db } from './types.js';

/** Browsers' Web Push subscriptions, each belonging to the user who registered it. */
export class PushClientRepository {
  constructor(private readonly db: Db) {}

  /** One row per endpoint: a browser registering again (or for another user) replaces it. */
  async save(client: PushClientRow): Promise<void> {
    await this.db
      .insertInto('pushClients')
      .values(client)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          id: client.id,
          userId: client.userId,
          p256dh: client.p256dh,
          auth: client.auth,
          language: client.language,
          createdAt: client.createdAt,
        }),
      )
      .execute();
  }

  byId(id: string): Promise<PushClientRow | undefined> {
    return this.db.selectFrom('pushClients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ofUser(userId: number): Promise<PushClientRow[]> {
    return this.db.selectFrom('pushClients').selectAll().where('userId', '=', userId).execute();
  }

  /**
   * The push clients of everyone who sees the device: its active bindings and the enterprise
   * users of `enterpriseIds` (the device's organisation and those above it).
   */
  ofDevice(deviceId: number, enterpriseIds: readonly number[]): Promise<PushClientRow[]> {
    return this.db
      .selectFrom('pushClients')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(
            'userId',
            'in',
            eb
              .selectFrom('userDevices')
              .select('userId')
              .where('deviceId', '=', deviceId)
              .where('state', '=', 'active'),
          ),
          ...(enterpriseIds.length === 0
            ? []
            : [
                eb(
                  'userId',
                  'in',
                  eb
                    .selectFrom('users as u')
                    .select('u.id')
                    .where('u.userType', '=', UserType.ENTERPRISE)
                    .where('u.enterpriseId', 'in', enterpriseIds),
                ),
              ]),
        ]),
      )
      .execute();
  }

  async delete(id: string, userId?: number): Promise<void> {
    let query = this.db.deleteFrom('pushClients').where('id', '=', id);
    if (userId !== undefined) query = query.where('userId', '=', userId);
    await query.execute();
  }
}
