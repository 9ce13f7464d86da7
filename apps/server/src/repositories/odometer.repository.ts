import type { Db } from './types.js';

/** The mileage the gateway stored with a device's fixes (the device's odometer or the computed one). */
export class OdometerRepository {
  constructor(private readonly db: Db) {}

  /**
   * The odometer at an instant, km: the last mileage stored before it (not before `since`), else
   * the first from it on; undefined when none is stored since `since`.
   */
  async readingAt(deviceId: number, at: number, since: number): Promise<number | undefined> {
    const stored = this.db
      .selectFrom('positions')
      .select('mileage')
      .where('deviceId', '=', deviceId)
      .where('mileage', 'is not', null);
    const before = await stored
      .where('fixTime', '>=', since)
      .where('fixTime', '<', at)
      .orderBy('fixTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    const reading =
      before ??
      (await stored
        .where('fixTime', '>=', Math.max(at, since))
        .orderBy('fixTime', 'asc')
        .limit(1)
        .executeTakeFirst());
    return reading?.mileage ?? undefined;
  }
}
