import { useCallback, useReducer } from 'react';
import { initialList, listReducer, nextPage } from './list-state';

export interface Page<T> {
  list: T[];
  count: number;
}

/**
 * Loads one page; `fresh` is true for a pull to refresh (a cached page will not do).
 */
export type FetchPage<T> = (page: number, fresh: boolean) => Promise<Page<T>>;

/**
 * A paged list of §4 (loadmore / loading / nomore, 20 a page): nomore once the loaded count
 * reaches `count` or a load fails; a refresh restarts at page 1. Give the component using it a
 * `key` per query (device, day, filter): a new query is a new list.
 */
export function usePagedList<T>(fetchPage: FetchPage<T>) {
  const [list, dispatch] = useReducer(listReducer<T>, undefined, initialList<T>);

  const load = useCallback(
    async (page: number, generation: number, fresh: boolean) => {
      dispatch({ type: 'request', generation });
      try {
        const data = await fetchPage(page, fresh);
        dispatch({ type: 'success', generation, page, list: data.list, total: data.count });
      } catch (error) {
        // The request layer has told the user; a failed load stops the list (§4).
        dispatch({ type: 'failure', generation, error });
      }
    },
    [fetchPage],
  );

  /** Pull to refresh: page 1 again (the rows shown stay until it answers). */
  const refresh = useCallback(async () => {
    dispatch({ type: 'refresh' });
    await load(1, list.generation + 1, true);
  }, [load, list.generation]);

  const loadMore = useCallback(async () => {
    if (list.status !== 'loadmore') return;
    await load(nextPage(list), list.generation, false);
  }, [list, load]);

  /** Drops the items deleted on the server. */
  const remove = useCallback(
    (matches: (item: T) => boolean) => dispatch({ type: 'remove', matches }),
    [],
  );

  return { list, refresh, loadMore, remove };
}
