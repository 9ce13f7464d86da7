import { OrderStatus, parseYuanToFen, type Order, type RefundState } from '@xunji/shared';

/** A request in these states is still being handled: no second one until it ends. */
const OPEN_STATES: readonly RefundState[] = ['pending', 'refunding'];

/** What is left to refund of an order. */
export const refundableFen = (order: Order): number =>
  Math.max(0, order.amountFen - order.refundedFen);

/**
 * Whether the caller may ask for a refund now: the buyer, of a paid (or partly refunded) order
 * with something left, without a request still open.
 */
export const canAskForRefund = (order: Order): boolean =>
  order.isBuyer &&
  (order.status === OrderStatus.PAID || order.status === OrderStatus.PARTIALLY_REFUNDED) &&
  refundableFen(order) > 0 &&
  !(order.refund && OPEN_STATES.includes(order.refund.state));

/** The refund form's amount in yuan: fen, or why not (§5 amount up to 2 decimals, not over what is left). */
export function refundFeeOf(
  text: string,
  maxFen: number,
): { fen: number } | { problem: 'refundFee' | 'tooHigh' } {
  const fen = parseYuanToFen(text);
  if (fen === null || fen < 1) return { problem: 'refundFee' };
  return fen > maxFen ? { problem: 'tooHigh' } : { fen };
}
