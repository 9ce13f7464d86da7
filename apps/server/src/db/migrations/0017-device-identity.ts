import type { Kysely } from 'kysely';
import { UserType } from '@xunji/shared';
import { normalizeTerminalNo } from '../../devices/terminal-no.js';
import type { Database } from '../schema.js';

/**
 * Rewrites the all-digit numbers with a leading 0 to their normal form: devices, and the accounts
 * of device numbers (named by their number). A row whose normal form another row already holds is
 * left as it is (an operator resolves that pair).
 */
async function normalizeNumbers(db: Kysely<Database>): Promise<void> {
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'terminalNo'])
    .where('terminalNo', 'like', '0%')
    .execute();
  for (const { id, terminalNo } of devices) {
    const normal = normalizeTerminalNo(terminalNo);
    const taken = await db
      .selectFrom('devices')
      .select('id')
      .where('terminalNo', '=', normal)
      .executeTakeFirst();
    if (normal !== terminalNo && !taken) {
      await db.updateTable('devices').set({ terminalNo: normal }).where('id', '=', id).execute();
    }
  }
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('userType', '=', UserType.DEVICE)
    .where('username', 'like', '0%')
    .execute();
  for (const { id, username } of accounts) {
    const normal = normalizeTerminalNo(username);
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', normal)
      .executeTakeFirst();
    if (normal !== username && !taken) {
      await db
        .updateTable('users')
        .set({ username: normal, terminalNo: normal })
        .where('id', '=', id)
        .execute();
    }
  }
}

/**
 * Device identity (docs/security.md): each device's secret (the JT/T 808 authentication code the
 * server issued or the operator fixed, or an OsmAnd key), the latest contested connection per
 * device for the operator, and terminal numbers in their normal form (a JT/T 808 device registered
 * with a leading 0 could never connect).
 */
export function deviceIdentity() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('auth_code', 'text').execute();
      await db.schema
        .alterTable('devices')
        .addColumn('auth_code_fixed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('device_contests')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('established', 'text', (c) => c.notNull())
        .addColumn('newcomer', 'text', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
      await normalizeNumbers(db as Kysely<Database>);
    },
  };
}
