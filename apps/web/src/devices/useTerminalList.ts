import { useQueryClient } from '@tanstack/react-query';
import type { Terminal } from '@xunji/shared';
import { useCallback, useReducer, useState } from 'react';
import { useDeviceStore } from '../stores/device';
import { initialList, listReducer, nextPage } from './list-state';
import { deviceQueries } from './queries';
import type { TerminalPageQuery } from './terminal-fetch';

export type TerminalListFilter = Omit<TerminalPageQuery, 'page' | 'limit'>;

/**
 * The paged device list of §4 (100 per page, loadmore / loading / nomore). Pages are read through
 * the query cache (keys under ['terminals']), so a page shown a moment ago comes back at once and
 * `invalidateDevices` makes the next load fetch again. Give the component using it a `key` per
 * filter: a new filter is a new list.
 */
export function useTerminalList(filter: TerminalListFilter) {
  const queryClient = useQueryClient();
  // The filter is fixed for the life of the list (the component is keyed by it).
  const [query] = useState(filter);
  const [list, dispatch] = useReducer(listReducer<Terminal>, undefined, initialList<Terminal>);

  const load = useCallback(
    async (page: number, generation: number, fresh: boolean) => {
      dispatch({ type: 'request', generation });
      try {
        const options = deviceQueries.page({ ...query, page });
        const data = await queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options);
        dispatch({ type: 'success', generation, page, list: data.list, total: data.count });
      } catch (error) {
        // The request layer has told the user; a failed load stops the list (§4, §8).
        dispatch({ type: 'failure', generation, error });
      }
    },
    [queryClient, query],
  );

  /** Pull to refresh: back to page 1 from the server. */
  const refresh = useCallback(async () => {
    dispatch({ type: 'refresh' });
    await load(1, list.generation + 1, true);
  }, [load, list.generation]);

  /** The next page; a list flagged for refresh (§8 2501/2303) restarts at page 1. */
  const loadMore = useCallback(async () => {
    if (useDeviceStore.getState().listNeedsInit) {
      useDeviceStore.setState({ listNeedsInit: false });
      await refresh();
      return;
    }
    if (list.status !== 'loadmore') return;
    await load(nextPage(list), list.generation, false);
  }, [list, load, refresh]);

  return { list, refresh, loadMore };
}
