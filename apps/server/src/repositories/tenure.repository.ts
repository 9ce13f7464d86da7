import type { Db } from './types.js';
import { isUnsentCommand } from './command.repository.js';

export interface TenureEnd {
  deviceId: number;
  now: number;
  /** An operator moves the device to this organisation (null: none); its view starts now. */
  transferTo?: number | null | undefined;
}

/**
 * The end of a device's tenure (docs/security.md), in one transaction: every binding and bind
 * request goes, the fences retire, the personal alarm setting (numbers, WeChat follower, toggles)
 * goes back to the defaults, its location shares end, commands still queued for the device are
 * unsent, and the name and icon its owner gave it are cleared. The data itself stays, hidden by
 * time from whoever is next.
 */
export class TenureRepository {
  constructor(private readonly db: Db) {}

  /** Answers the accounts that were bound to the device or asking to be. */
  end({ deviceId, now, transferTo }: TenureEnd): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const bound = await trx
        .deleteFrom('userDevices')
        .where('deviceId', '=', deviceId)
        .returning('userId')
        .execute();
      await trx
        .updateTable('fences')
        .set({ retiredAt: now })
        .where('deviceId', '=', deviceId)
        .where('retiredAt', 'is', null)
        .execute();
      await trx.deleteFrom('alarmSettings').where('deviceId', '=', deviceId).execute();
      await trx
        .updateTable('positionShares')
        .set({ revokedAt: now })
        .where('deviceId', '=', deviceId)
        .where('revokedAt', 'is', null)
        .execute();
      await trx
        .updateTable('commands')
        .set({ state: 'done', result: 'unsent', answeredAt: now })
        .where('deviceId', '=', deviceId)
        .where(isUnsentCommand)
        .execute();
      await trx
        .updateTable('devices')
        .set({
          name: null,
          iconType: null,
          ...(transferTo !== undefined && { enterpriseId: transferTo, tenureStartedAt: now }),
        })
        .where('id', '=', deviceId)
        .execute();
      return bound.map((row) => row.userId);
    });
  }

  /** A first owner binds a device outside any organisation: its tenure starts now. */
  async begin(deviceId: number, now: number): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ tenureStartedAt: now })
      .where('id', '=', deviceId)
      .where('enterpriseId', 'is', null)
      .execute();
  }
}
