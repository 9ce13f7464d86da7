import type { Insertable, Selectable } from 'kysely';
import type { SimCardRow, SimCardsTable, SimTopupsTable } from '../db/schema.js';
import type { Db } from './types.js';

export type NewSimCard = Insertable<SimCardsTable>;
export type SimTopupRow = Selectable<SimTopupsTable>;
export type TopupState = 'pending' | 'sent' | 'failed';

/** A card's usage as last read or recorded; data in KB. */
export interface SimUsageUpdate {
  usedDataKb: number;
  usedSms: number;
  state?: string | undefined;
  at: number;
}

/** What an import sets on a card it already knows: its terms, not its usage. */
const termsOf = (card: NewSimCard) => ({
  msisdn: card.msisdn,
  operator: card.operator,
  planName: card.planName,
  state: card.state,
  totalDataKb: card.totalDataKb,
  totalSms: card.totalSms,
  activationTime: card.activationTime,
  serviceExpiry: card.serviceExpiry,
  cardSn: card.cardSn,
  source: card.source,
});

/** SIM cards by ICCID (devices carry theirs in devices.iccid) and their top-ups. */
export class SimCardRepository {
  constructor(private readonly db: Db) {}

  find(iccid: string): Promise<SimCardRow | undefined> {
    return this.db.selectFrom('simCards').selectAll().where('iccid', '=', iccid).executeTakeFirst();
  }

  /** The devices carrying this card (normally one). */
  async deviceIdsOf(iccid: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('id')
      .where('iccid', '=', iccid)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  list(): Promise<SimCardRow[]> {
    return this.db.selectFrom('simCards').selectAll().orderBy('iccid').execute();
  }

  /** Adds or replaces cards, all or none; usage already recorded for a card is kept. */
  async importAll(cards: NewSimCard[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const card of cards) {
        await trx
          .insertInto('simCards')
          .values(card)
          .onConflict((oc) => oc.column('iccid').doUpdateSet(termsOf(card)))
          .execute();
      }
    });
  }

  /** Records usage; false when there is no such card. */
  async setUsage(iccid: string, usage: SimUsageUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('simCards')
      .set({
        usedDataKb: usage.usedDataKb,
        usedSms: usage.usedSms,
        usageUpdatedAt: usage.at,
        ...(usage.state !== undefined && { state: usage.state }),
      })
      .where('iccid', '=', iccid)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Puts a card in a device (demo seeding, operators). */
  async attach(deviceId: number, iccid: string): Promise<void> {
    await this.db.updateTable('devices').set({ iccid }).where('id', '=', deviceId).execute();
  }

  topupOfOrder(orderId: number): Promise<SimTopupRow | undefined> {
    return this.db
      .selectFrom('simTopups')
      .selectAll()
      .where('orderId', '=', orderId)
      .executeTakeFirst();
  }

  /** Top-ups not yet handed to their operator platform, oldest first. */
  undelivered(): Promise<SimTopupRow[]> {
    return this.db
      .selectFrom('simTopups')
      .selectAll()
      .where('operatorState', 'in', ['pending', 'failed'])
      .orderBy('id')
      .execute();
  }

  async markTopup(id: number, state: TopupState, ref: string | null, now: number): Promise<void> {
    await this.db
      .updateTable('simTopups')
      .set({ operatorState: state, operatorRef: ref, updatedAt: now })
      .where('id', '=', id)
      .execute();
  }
}
