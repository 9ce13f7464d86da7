import { OrderStatus } from '@xunji/shared';
import { sql } from 'kysely';
import type { OrderRow } from '../db/schema.js';
import { appendOrderEvent } from './order.repository.js';
import type { Db } from './types.js';
import { violatesUniqueIndex } from './unique-violation.js';

const DAY_MS = 86_400_000;

/** How a payment became known, for the event log. */
export interface PaymentRecord {
  tradeNo: string | null;
  payTime: number;
  /** notification | reconciliation | close | free | … */
  source: string;
}

/** `expiry` moved on by `ms` from the later of now and itself (SQL, so concurrent payments add up). */
const extended = (column: string, now: number, ms: number) =>
  sql<number>`CASE WHEN ${sql.ref(column)} > ${now} THEN ${sql.ref(column)} + ${ms} ELSE ${now + ms} END`;

/**
 * Paying an order, in one transaction: the order becomes paid only if it is still what the
 * caller read (so ten identical notifications at once apply it once: on PostgreSQL the
 * conditional UPDATE decides, on SQLite transactions run one at a time), then its effect on the
 * device or its SIM card and the events.
 */
export class OrderFulfilmentRepository {
  constructor(private readonly db: Db) {}

  /**
   * 'changed' when the order was paid (or changed) by someone else first; 'trialUsed' when it is
   * a second free trial of its device (the index `orders_one_free_trial` decides).
   */
  async apply(
    order: OrderRow,
    payment: PaymentRecord,
    now: number,
  ): Promise<'applied' | 'changed' | 'trialUsed'> {
    try {
      return (await this.paid(order, payment, now)) ? 'applied' : 'changed';
    } catch (error) {
      if (violatesUniqueIndex(error, 'orders_one_free_trial', 'orders.device_id'))
        return 'trialUsed';
      throw error;
    }
  }

  private paid(order: OrderRow, payment: PaymentRecord, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('orders')
        .set({
          status: OrderStatus.PAID,
          payTime: payment.payTime,
          providerTradeNo: payment.tradeNo,
        })
        .where('id', '=', order.id)
        .where('status', '=', order.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await appendOrderEvent(tx, {
        orderId: order.id,
        kind: 'paid',
        statusFrom: order.status,
        statusTo: OrderStatus.PAID,
        amountFen: order.amountFen,
        detail: {
          source: payment.source,
          tradeNo: payment.tradeNo,
          ...(order.status === OrderStatus.CANCELLED && { afterClose: true }),
        },
        createdAt: now,
      });
      const detail = await this.effect(tx, order, now);
      await appendOrderEvent(tx, {
        orderId: order.id,
        kind: 'fulfilled',
        detail: { effect: order.effect, ...detail },
        createdAt: now,
      });
      return true;
    });
  }

  private async effect(tx: Db, order: OrderRow, now: number): Promise<Record<string, unknown>> {
    const count = order.count;
    const quota = (order.quota ?? 0) * count;
    const periodMs = (order.durationDays ?? 0) * count * DAY_MS;
    switch (order.effect) {
      case 'servicePeriod':
        await this.extendService(tx, order, now, periodMs);
        return { days: periodMs / DAY_MS };
      case 'simData':
      case 'simSms':
        await this.topUpSim(tx, order, now, quota, periodMs);
        return { iccid: order.iccid, quota };
      case 'callMinutes':
        await tx
          .insertInto('deviceQuotas')
          .values({ deviceId: order.deviceId, callMinutes: quota, updatedAt: now })
          .onConflict((oc) =>
            oc.column('deviceId').doUpdateSet({
              callMinutes: sql`${sql.ref('deviceQuotas.callMinutes')} + ${quota}`,
              updatedAt: now,
            }),
          )
          .execute();
        return { minutes: quota };
      default:
        throw new Error(`order ${order.id} has an unknown effect ${order.effect}`);
    }
  }

  /** A trial sets is_trial; the start stays unless there was no period or it had lapsed. */
  private async extendService(tx: Db, order: OrderRow, now: number, ms: number): Promise<void> {
    const expiry = 'deviceServices.expirationTime';
    await tx
      .insertInto('deviceServices')
      .values({
        deviceId: order.deviceId,
        startingTime: now,
        expirationTime: now + ms,
        isTrial: order.isTrial,
      })
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet({
          startingTime: sql`CASE WHEN ${sql.ref(expiry)} > ${now} THEN ${sql.ref('deviceServices.startingTime')} ELSE ${now} END`,
          expirationTime: extended(expiry, now, ms),
          isTrial: order.isTrial,
        }),
      )
      .execute();
  }

  /** Adds the quota (data in MB → KB) and, with a duration, extends and revives the card. */
  private async topUpSim(
    tx: Db,
    order: OrderRow,
    now: number,
    quota: number,
    ms: number,
  ): Promise<void> {
    const iccid = order.iccid ?? '';
    await tx
      .updateTable('simCards')
      .set((eb) => ({
        ...(order.effect === 'simData'
          ? { totalDataKb: eb('totalDataKb', '+', quota * 1024) }
          : { totalSms: eb('totalSms', '+', quota) }),
        ...(ms > 0 && {
          serviceExpiry: extended('simCards.serviceExpiry', now, ms),
          state: sql<string>`CASE WHEN ${sql.ref('simCards.state')} = 'expired' THEN 'activated' ELSE ${sql.ref('simCards.state')} END`,
        }),
      }))
      .where('iccid', '=', iccid)
      .execute();
    await tx
      .insertInto('simTopups')
      .values({
        iccid,
        orderId: order.id,
        effect: order.effect,
        quota,
        durationDays: ms > 0 ? ms / DAY_MS : null,
        operatorState: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}
