import {
  OrderStatus,
  type Language,
  type Order,
  type PayProvider,
  type ProductKind,
  type RefundRequestView,
  type RefundState,
} from '@xunji/shared';
import type { RefundRequestRow } from '../db/schema.js';
import type { OrderListRow } from '../repositories/order.repository.js';

export function toRefundView(row: RefundRequestRow): RefundRequestView {
  return {
    id: row.id,
    orderId: row.orderId,
    requestFee: row.requestFee,
    refundReason: row.refundReason,
    contactName: row.contactName,
    contactTel: row.contactTel,
    allowCall: row.allowCall === 1,
    state: row.state as RefundState,
    refundFee: row.refundFee,
    rejectReason: row.rejectReason,
    createTime: Number(row.createdAt),
    decideTime: row.decidedAt === null ? null : Number(row.decidedAt),
  };
}

/** When an unpaid order closes, or when a cancelled one closed; nothing once paid. */
function closeTime(row: OrderListRow): number | null {
  if (row.status === OrderStatus.UNPAID) return Number(row.closeAt);
  if (row.status === OrderStatus.CANCELLED) return Number(row.closedAt ?? row.closeAt);
  return null;
}

/** §3 Order as the caller sees it: the product's name as sold, in the caller's language. */
export function toOrder(
  row: OrderListRow,
  refund: RefundRequestRow | undefined,
  callerId: number,
  language: Language,
): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    status: row.status,
    terminalId: row.deviceId,
    terminalName: row.terminalName ?? row.terminalNo,
    terminalNo: row.terminalNo,
    iccid: row.iccid,
    productId: row.productId,
    productName: language === 'en' ? row.productNameEn : row.productNameZh,
    kind: row.kind as ProductKind,
    provider: row.provider as PayProvider,
    count: row.count,
    amountFen: row.amountFen,
    refundedFen: row.refundedFen,
    createTime: Number(row.createdAt),
    payTime: row.payTime === null ? null : Number(row.payTime),
    closeTime: closeTime(row),
    refund: refund ? toRefundView(refund) : null,
    isBuyer: row.userId === callerId,
  };
}
