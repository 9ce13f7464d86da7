import { PATHS } from '../router/paths';

/** The order pages' addresses with their query. */
export const orderDetailsPath = (orderId: number): string =>
  `${PATHS.orderDetails}?orderId=${orderId}`;

export const payResultPath = (orderId: number): string => `${PATHS.paySuccess}?orderId=${orderId}`;

export const payPath = (terminalId: number): string => `${PATHS.pay}?id=${terminalId}`;
