import type { Insertable, Selectable, Updateable } from 'kysely';
import type { OauthIdentitiesTable } from '../db/schema.js';
import type { Db } from './types.js';
import { violatesUniqueIndex } from './unique-violation.js';

export type OauthIdentityRow = Selectable<OauthIdentitiesTable>;
export type NewOauthIdentity = Omit<Insertable<OauthIdentitiesTable>, 'id'>;
export type OauthIdentityChanges = Omit<
  Updateable<OauthIdentitiesTable>,
  'id' | 'provider' | 'subject' | 'userId' | 'createdAt'
>;
export type OauthTicketKind = 'bind' | 'apple-callback';

/** WeChat and Apple identities bound to accounts, and the one-time handles of sign-ins under way. */
export class OauthIdentityRepository {
  constructor(private readonly db: Db) {}

  findBySubject(provider: string, subject: string): Promise<OauthIdentityRow | undefined> {
    return this.db
      .selectFrom('oauthIdentities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  findOfUser(userId: number, provider: string): Promise<OauthIdentityRow | undefined> {
    return this.db
      .selectFrom('oauthIdentities')
      .selectAll()
      .where('userId', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  }

  ofUser(userId: number): Promise<OauthIdentityRow[]> {
    return this.db
      .selectFrom('oauthIdentities')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** Binds; false when the identity is bound already (to anyone), as a parallel bind may have. */
  async insert(identity: NewOauthIdentity): Promise<boolean> {
    try {
      await this.db.insertInto('oauthIdentities').values(identity).execute();
      return true;
    } catch (error) {
      if (
        violatesUniqueIndex(
          error,
          'oauth_identities_subject',
          'oauth_identities.provider, oauth_identities.subject',
        )
      )
        return false;
      throw error;
    }
  }

  async update(id: number, changes: OauthIdentityChanges): Promise<void> {
    await this.db.updateTable('oauthIdentities').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('oauthIdentities').where('id', '=', id).execute();
  }

  /** Keeps a handle (by its hash) until `expiresAt`; the expired ones of before go. */
  async saveTicket(
    hash: string,
    kind: OauthTicketKind,
    payload: string,
    expiresAt: number,
    now: number,
  ): Promise<void> {
    await this.db.deleteFrom('oauthTickets').where('expiresAt', '<', now).execute();
    await this.db
      .insertInto('oauthTickets')
      .values({ id: hash, kind, payload, expiresAt })
      .execute();
  }

  /** Removes the handle and answers it: each works once. */
  takeTicket(
    hash: string,
    kind: OauthTicketKind,
  ): Promise<{ payload: string; expiresAt: number } | undefined> {
    return this.db
      .deleteFrom('oauthTickets')
      .where('id', '=', hash)
      .where('kind', '=', kind)
      .returning(['payload', 'expiresAt'])
      .executeTakeFirst();
  }
}
