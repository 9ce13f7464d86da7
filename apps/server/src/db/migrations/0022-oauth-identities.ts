import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * WeChat and Apple identities bound to accounts (issue 18), keyed on the provider's stable id:
 * WeChat's unionid where the platform gives one, else the openid; Apple's `sub`.
 */
export function oauthIdentities(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('oauth_identities')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        // wechat | apple
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // WeChat: the openid under the official account (mp) or the open platform app (open)
        .addColumn('mp_open_id', 'text')
        .addColumn('open_open_id', 'text')
        .addColumn('union_id', 'text')
        .addColumn('nickname', 'text')
        .addColumn('head_img_url', 'text')
        // Apple: the refresh token, to revoke the authorisation when the account is cancelled,
        // and the client id (app or web Services ID) it was issued to
        .addColumn('refresh_token', 'text')
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('oauth_identities_subject', ['provider', 'subject'])
        .addUniqueConstraint('oauth_identities_user', ['user_id', 'provider'])
        .execute();
      // One-time handles (stored hashed, 10 minutes): a verified identity waiting to be bound, or
      // Apple's form_post answer waiting for the web app to redeem it.
      await db.schema
        .createTable('oauth_tickets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
