import type { Kysely } from 'kysely';

/** The phone number of the SIM card in a device, so its family can call a watch. */
export function deviceSimNumber() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('sim_no', 'text').execute();
    },
  };
}
