import { OrderStatus } from '@xunji/shared';
import { wasPaid } from './status';

/** The pay result page asks for the order this often… */
export const PAY_RESULT_POLL_MS = 2000;
/** …for this long, before it says the provider has not told us yet. */
export const PAY_RESULT_WAIT_MS = 120_000;

/**
 * What the pay result page shows. Only the server's status says `paid`: a provider's return to
 * the page, or WeChat's "ok", proves nothing until the notification has been applied.
 */
export type PayResultView = 'loading' | 'waiting' | 'notHeard' | 'paid' | 'closed';

export function payResultView(status: number | undefined, waitOver: boolean): PayResultView {
  if (status === undefined) return 'loading';
  if (wasPaid(status)) return 'paid';
  if (status === OrderStatus.UNPAID) return waitOver ? 'notHeard' : 'waiting';
  return 'closed';
}

/** The next poll's delay, or false: polling stops once the order is settled or the wait is over. */
export const nextPoll = (status: number | undefined, waitOver: boolean): number | false =>
  (status === undefined || status === OrderStatus.UNPAID) && !waitOver ? PAY_RESULT_POLL_MS : false;
