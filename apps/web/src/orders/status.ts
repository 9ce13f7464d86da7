import { OrderStatus } from '@xunji/shared';

/** The §4 order statuses the app words; anything else is "unknown". */
export type OrderStatusWord =
  'cancelled' | 'unpaid' | 'paid' | 'partiallyRefunded' | 'refunded' | 'unknown';

const WORDS: Record<number, OrderStatusWord> = {
  [OrderStatus.CANCELLED]: 'cancelled',
  [OrderStatus.UNPAID]: 'unpaid',
  [OrderStatus.PAID]: 'paid',
  [OrderStatus.PARTIALLY_REFUNDED]: 'partiallyRefunded',
  [OrderStatus.REFUNDED]: 'refunded',
};

/** §4: -1 cancelled, 0 unpaid, 1 paid, 2 partially refunded, 3 fully refunded, other unknown. */
export const orderStatusWord = (status: number): OrderStatusWord => WORDS[status] ?? 'unknown';

/** antd-mobile Tag colours: unpaid asks for attention (orange), paid is done, refunds are blue. */
export const ORDER_STATUS_COLORS: Record<OrderStatusWord, string> = {
  cancelled: 'default',
  unpaid: 'warning',
  paid: 'success',
  partiallyRefunded: 'primary',
  refunded: 'primary',
  unknown: 'danger',
};

/** Whether the order was paid (refunded ones too): what it bought was applied. */
export const wasPaid = (status: number): boolean =>
  status === OrderStatus.PAID ||
  status === OrderStatus.PARTIALLY_REFUNDED ||
  status === OrderStatus.REFUNDED;
