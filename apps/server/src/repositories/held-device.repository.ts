import type { Db } from './types.js';

/** The holding list of unregistered devices that tried to connect. */
export class HeldDeviceRepository {
  constructor(private readonly db: Db) {}

  async record(identifier: string, protocol: string, attempts: number, now: number): Promise<void> {
    await this.db
      .insertInto('heldDevices')
      .values({ identifier, protocol, firstSeen: now, lastSeen: now, attempts })
      .onConflict((oc) =>
        oc.columns(['identifier', 'protocol']).doUpdateSet((eb) => ({
          lastSeen: now,
          attempts: eb('heldDevices.attempts', '+', attempts),
        })),
      )
      .execute();
  }

  list() {
    return this.db.selectFrom('heldDevices').selectAll().orderBy('lastSeen', 'desc').execute();
  }

  /** A registered device leaves the list. */
  async release(identifier: string): Promise<void> {
    await this.db.deleteFrom('heldDevices').where('identifier', '=', identifier).execute();
  }
}
