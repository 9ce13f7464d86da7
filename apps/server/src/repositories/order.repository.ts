import { OrderStatus } from '@xunji/shared';
import type { Insertable } from 'kysely';
import type { OrderRow, OrdersTable } from '../db/schema.js';
import type { Db } from './types.js';

/** What an order event says; the log is append-only (docs/commerce.md, money rules). */
export interface OrderEvent {
  orderId: number;
  kind: string;
  statusFrom?: number | null;
  statusTo?: number | null;
  amountFen?: number | null;
  detail?: Record<string, unknown>;
  createdAt: number;
}

export type NewOrder = Omit<Insertable<OrdersTable>, 'orderNo'>;

/** An order with the name and number of its device, as the order pages show it. */
export type OrderListRow = OrderRow & { terminalName: string | null; terminalNo: string };

/** Appends one event, inside the caller's transaction when given one. */
export async function appendOrderEvent(db: Db, event: OrderEvent): Promise<void> {
  await db
    .insertInto('orderEvents')
    .values({
      orderId: event.orderId,
      kind: event.kind,
      statusFrom: event.statusFrom ?? null,
      statusTo: event.statusTo ?? null,
      amountFen: event.amountFen ?? null,
      detail: JSON.stringify(event.detail ?? {}),
      createdAt: event.createdAt,
    })
    .execute();
}

const TOPUP_KINDS = ['data', 'sms'];
const MAX_NUMBER_DRAWS = 5;

/** Orders and their append-only event log. */
export class OrderRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new order with the number `drawNumber` gives (drawn again on the rare clash with
   * the unique index) and its 'created' event, in one transaction.
   */
  create(order: NewOrder, drawNumber: () => string): Promise<OrderRow> {
    return this.db.transaction().execute(async (tx) => {
      for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
        const row = await tx
          .insertInto('orders')
          .values({ ...order, orderNo: drawNumber() })
          .onConflict((oc) => oc.column('orderNo').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) continue;
        await appendOrderEvent(tx, {
          orderId: row.id,
          kind: 'created',
          statusTo: row.status,
          amountFen: row.amountFen,
          detail: { provider: row.provider, clientType: row.clientType },
          createdAt: row.createdAt,
        });
        return row;
      }
      throw new Error('no unique order number after several draws');
    });
  }

  byId(id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('orderNo', '=', orderNo)
      .executeTakeFirst();
  }

  private listed() {
    return this.db
      .selectFrom('orders')
      .innerJoin('devices', 'devices.id', 'orders.deviceId')
      .selectAll('orders')
      .select(['devices.name as terminalName', 'devices.terminalNo']);
  }

  async withDevice(id: number): Promise<OrderListRow | undefined> {
    return this.listed().where('orders.id', '=', id).executeTakeFirst();
  }

  /**
   * A device's orders the caller may see: their own, and with `ownerFrom` (the caller owns the
   * device) everyone's from that instant on — never the orders of an earlier tenure.
   */
  pageOfDevice(
    deviceId: number,
    userId: number,
    ownerFrom: number | null,
    page: number,
    limit: number,
  ) {
    return this.page(
      (q) =>
        q
          .where('orders.deviceId', '=', deviceId)
          .where((eb) =>
            ownerFrom === null
              ? eb('orders.userId', '=', userId)
              : eb.or([eb('orders.userId', '=', userId), eb('orders.createdAt', '>=', ownerFrom)]),
          ),
      page,
      limit,
    );
  }

  /** The user's own SIM top-ups, on every device. */
  topupPage(userId: number, page: number, limit: number) {
    return this.page(
      (q) => q.where('orders.userId', '=', userId).where('orders.kind', 'in', TOPUP_KINDS),
      page,
      limit,
    );
  }

  private async page(
    where: (query: ReturnType<OrderRepository['listed']>) => ReturnType<OrderRepository['listed']>,
    page: number,
    limit: number,
  ): Promise<{ rows: OrderListRow[]; count: number }> {
    const [rows, total] = await Promise.all([
      where(this.listed())
        .orderBy('orders.createdAt', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      where(this.listed())
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  }

  /** The newest orders, of one status when given (admin CLI). */
  list(status: number | undefined, limit: number): Promise<OrderRow[]> {
    let query = this.db.selectFrom('orders').selectAll();
    if (status !== undefined) query = query.where('status', '=', status);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Unpaid orders whose pay window has ended, oldest first. */
  dueToClose(now: number, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', OrderStatus.UNPAID)
      .where('closeAt', '<=', now)
      .orderBy('closeAt')
      .limit(limit)
      .execute();
  }

  /** Orders still unpaid, created before `before`, whose pay window is still open. */
  unpaidSince(before: number, now: number, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', OrderStatus.UNPAID)
      .where('createdAt', '<=', before)
      .where('closeAt', '>', now)
      .orderBy('createdAt')
      .limit(limit)
      .execute();
  }

  /** Closes an order still unpaid; false when it was paid or closed meanwhile. */
  close(orderId: number, now: number, detail: Record<string, unknown>): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('orders')
        .set({ status: OrderStatus.CANCELLED, closedAt: now })
        .where('id', '=', orderId)
        .where('status', '=', OrderStatus.UNPAID)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await appendOrderEvent(tx, {
        orderId,
        kind: 'closed',
        statusFrom: OrderStatus.UNPAID,
        statusTo: OrderStatus.CANCELLED,
        detail,
        createdAt: now,
      });
      return true;
    });
  }

  addEvent(event: OrderEvent): Promise<void> {
    return appendOrderEvent(this.db, event);
  }

  events(orderId: number) {
    return this.db
      .selectFrom('orderEvents')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute();
  }
}
