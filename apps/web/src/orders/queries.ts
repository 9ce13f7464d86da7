import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, routes, type CallInput, type Api } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';

const quietLoading: RequestOptions = { loading: false };

/**
 * Query keys of every order read, all under ['orders']: paying, a refund request or a pull to
 * refresh makes them all stale at once.
 */
export const orderKeys = {
  all: ['orders'] as const,
  one: (id: number) => ['orders', 'one', id] as const,
  providers: ['orders', 'providers'] as const,
};

export const orderQueries = {
  /** GET /order/{id}: only its buyer or the device's owner reads it. */
  one: (id: number) =>
    queryOptions({
      queryKey: orderKeys.one(id),
      queryFn: () => call(routes.orderById, { params: { id } }, quietLoading),
    }),
  /** GET /pay/provider: the providers this server is configured for. */
  providers: queryOptions({
    queryKey: orderKeys.providers,
    queryFn: () => call(routes.payProviders, undefined, quietLoading),
    staleTime: 5 * 60_000,
  }),
};

/** One page (20) of a device's orders, GET /order/page. */
export const fetchOrderPage = (terminalId: number, page: number) =>
  call(routes.orderPage, { query: { terminalId, page, limit: PAGE_SIZE.orders } }, quietLoading);

/** One page (20) of the caller's SIM top-up orders, GET /order/topup/page. */
export const fetchTopupOrderPage = (page: number) =>
  call(routes.topupOrderPage, { query: { page, limit: PAGE_SIZE.orders } }, quietLoading);

/** POST /order/create: the server prices it and answers what the hand-off needs. */
export const createOrder = (body: CallInput<Api['createOrder']>['body']) =>
  call(routes.createOrder, { body });

/** POST /order/refund; the order and the lists showing it are read again. */
export async function refundOrder(
  queryClient: QueryClient,
  body: CallInput<Api['refundOrder']>['body'],
) {
  const request = await call(routes.refundOrder, { body });
  await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  return request;
}
