import { OrderStatus, type RefundState } from '@xunji/shared';
import { sql, type Insertable } from 'kysely';
import type { RefundRequestRow, RefundRequestsTable } from '../db/schema.js';
import { appendOrderEvent } from './order.repository.js';
import type { Db } from './types.js';

/** A request is open until the operator rejects it or the provider's refund ends. */
const OPEN_STATES: RefundState[] = ['pending', 'refunding'];

export type NewRefundRequest = Omit<Insertable<RefundRequestsTable>, 'state'>;

/** Refund requests and what they do to their order, each change with its order event. */
export class RefundRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a pending request; undefined while the order has another open one (the partial unique
   * index `refund_requests_one_open` decides between two at the same moment).
   */
  request(request: NewRefundRequest): Promise<RefundRequestRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('refundRequests')
        .values({ ...request, state: 'pending' })
        .onConflict((oc) =>
          // Literals: the predicate must match the index's for the database to pick it.
          oc
            .column('orderId')
            .where(sql<boolean>`state in (${sql.join(OPEN_STATES.map((state) => sql.lit(state)))})`)
            .doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await appendOrderEvent(tx, {
        orderId: row.orderId,
        kind: 'refundRequested',
        amountFen: row.requestFee,
        detail: { refundId: row.id },
        createdAt: row.createdAt,
      });
      return row;
    });
  }

  byId(id: number): Promise<RefundRequestRow | undefined> {
    return this.db.selectFrom('refundRequests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byRefundNo(refundNo: string): Promise<RefundRequestRow | undefined> {
    return this.db
      .selectFrom('refundRequests')
      .selectAll()
      .where('refundNo', '=', refundNo)
      .executeTakeFirst();
  }

  /** Newest first; all states when none is given. */
  list(state: RefundState | undefined, limit: number): Promise<RefundRequestRow[]> {
    let query = this.db.selectFrom('refundRequests').selectAll();
    if (state) query = query.where('state', '=', state);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  ofOrder(orderId: number): Promise<RefundRequestRow[]> {
    return this.db
      .selectFrom('refundRequests')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute();
  }

  /** The latest request of each order. */
  async latestOf(orderIds: number[]): Promise<Map<number, RefundRequestRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('refundRequests')
      .selectAll()
      .where('orderId', 'in', orderIds)
      .orderBy('id')
      .execute();
    return new Map(rows.map((row) => [row.orderId, row]));
  }

  /** The operator approved `fee`: the request waits for the provider; false unless pending. */
  approve(request: RefundRequestRow, fee: number, now: number): Promise<boolean> {
    return this.transition(
      request,
      'pending',
      { state: 'refunding', refundFee: fee, decidedAt: now },
      {
        kind: 'refundApproved',
        amountFen: fee,
        createdAt: now,
      },
    );
  }

  reject(request: RefundRequestRow, reason: string, now: number): Promise<boolean> {
    return this.transition(
      request,
      'pending',
      { state: 'rejected', rejectReason: reason, decidedAt: now },
      { kind: 'refundRejected', detail: { reason }, createdAt: now },
    );
  }

  fail(request: RefundRequestRow, detail: Record<string, unknown>, now: number): Promise<boolean> {
    return this.transition(
      request,
      'refunding',
      { state: 'failed', completedAt: now },
      { kind: 'refundFailed', detail, createdAt: now },
    );
  }

  /**
   * The provider refunded: the request is done and the order's refunded amount grows, its status
   * 2 (partly) or 3 (all of it) — once, however many answers say so.
   */
  complete(
    request: RefundRequestRow,
    providerRefundId: string | null,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const fee = request.refundFee ?? request.requestFee;
      const done = await tx
        .updateTable('refundRequests')
        .set({ state: 'refunded', refundFee: fee, providerRefundId, completedAt: now })
        .where('id', '=', request.id)
        .where('state', '=', 'refunding')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return false;
      const order = await tx
        .selectFrom('orders')
        .select(['status', 'amountFen', 'refundedFen'])
        .where('id', '=', request.orderId)
        .executeTakeFirstOrThrow();
      const refunded = order.refundedFen + fee;
      const status =
        refunded >= order.amountFen ? OrderStatus.REFUNDED : OrderStatus.PARTIALLY_REFUNDED;
      await tx
        .updateTable('orders')
        .set((eb) => ({ refundedFen: eb('refundedFen', '+', fee), status }))
        .where('id', '=', request.orderId)
        .execute();
      await appendOrderEvent(tx, {
        orderId: request.orderId,
        kind: 'refunded',
        statusFrom: order.status,
        statusTo: status,
        amountFen: fee,
        detail: { refundId: request.id, providerRefundId },
        createdAt: now,
      });
      return true;
    });
  }

  private transition(
    request: RefundRequestRow,
    from: RefundState,
    set: Partial<Omit<RefundRequestRow, 'id'>>,
    event: {
      kind: string;
      amountFen?: number;
      detail?: Record<string, unknown>;
      createdAt: number;
    },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('refundRequests')
        .set(set)
        .where('id', '=', request.id)
        .where('state', '=', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await appendOrderEvent(tx, {
        orderId: request.orderId,
        ...event,
        detail: { refundId: request.id, ...event.detail },
      });
      return true;
    });
  }
}
