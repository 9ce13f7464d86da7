import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, routes } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';
import {
  fetchTerminal,
  fetchTerminalPage,
  fetchTerminalsByIds,
  type TerminalPageQuery,
} from './terminal-fetch';

const quietLoading: RequestOptions = { loading: false };

/**
 * Query keys of every device read, all under ['terminals'] so that `invalidateDevices` refreshes
 * them at once (after a bind, an unbind, a rename…).
 */
export const deviceKeys = {
  all: ['terminals'] as const,
  page: (query: TerminalPageQuery) => ['terminals', 'page', query] as const,
  ids: (ids: readonly number[]) => ['terminals', 'ids', [...ids]] as const,
  statistics: (enterpriseId: number | null) => ['terminals', 'statistics', enterpriseId] as const,
  one: (id: number) => ['terminals', 'one', id] as const,
  funcs: (id: number) => ['terminals', 'funcs', id] as const,
  valueAdded: (id: number) => ['terminals', 'value-added', id] as const,
  members: (id: number) => ['terminals', 'members', id] as const,
  enterpriseTree: ['terminals', 'enterprise-tree'] as const,
};

/** TanStack Query options of the device reads; the terminal fetches go through the §8 rules. */
export const deviceQueries = {
  /** One page of GET /terminal/page (100 per page by default, §9). */
  page: (query: TerminalPageQuery, options?: RequestOptions) =>
    queryOptions({
      queryKey: deviceKeys.page(query),
      queryFn: () => fetchTerminalPage({ limit: PAGE_SIZE.terminals, ...query }, options),
    }),
  /** GET /v2/terminal/ids (at most 1000 ids). */
  ids: (ids: readonly number[], options?: RequestOptions) =>
    queryOptions({
      queryKey: deviceKeys.ids(ids),
      queryFn: () => fetchTerminalsByIds(ids, options),
    }),
  /** Counts per state; enterprise users pass the chosen enterpriseId (§6). */
  statistics: (enterpriseId: number | null) =>
    queryOptions({
      queryKey: deviceKeys.statistics(enterpriseId),
      queryFn: () =>
        call(
          routes.terminalStatistics,
          { query: { enterpriseId: enterpriseId ?? undefined } },
          quietLoading,
        ),
    }),
  /** GET /v2/terminal/{id}. */
  one: (id: number, options?: RequestOptions) =>
    queryOptions({
      queryKey: deviceKeys.one(id),
      queryFn: () => fetchTerminal(id, options),
    }),
  /** The model's feature flags. */
  funcs: (id: number) =>
    queryOptions({
      queryKey: deviceKeys.funcs(id),
      queryFn: () => call(routes.terminalFuncs, { params: { id } }, quietLoading),
    }),
  /** The service period and activation state. */
  valueAdded: (id: number) =>
    queryOptions({
      queryKey: deviceKeys.valueAdded(id),
      queryFn: () => call(routes.terminalValueAdded, { params: { terminalId: id } }, quietLoading),
    }),
  /** The accounts bound to the device (and, for its owner, those asking to). */
  members: (id: number) =>
    queryOptions({
      queryKey: deviceKeys.members(id),
      queryFn: () => call(routes.terminalMembers, { params: { terminalId: id } }, quietLoading),
    }),
  /** The organisation tree of an enterprise user, with device counts. */
  enterpriseTree: queryOptions({
    queryKey: deviceKeys.enterpriseTree,
    queryFn: () => call(routes.enterpriseTree, undefined, quietLoading),
  }),
};

/**
 * Refreshes every device read (list, statistics, one, funcs, members, tree). With
 * `refetch: false` they are only marked stale and load again when next shown: after an unbind,
 * the pages of the device that is gone must not fetch it again (2501).
 */
export function invalidateDevices(
  queryClient: QueryClient,
  { refetch = true }: { refetch?: boolean } = {},
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: deviceKeys.all,
    refetchType: refetch ? 'active' : 'none',
  });
}
