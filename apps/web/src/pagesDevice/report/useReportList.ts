import { useCallback, useReducer } from 'react';
import { initialList, listReducer, nextPage } from '../../devices/list-state';

export interface ReportPage<T> {
  list: T[];
  count: number;
}

/**
 * A paged report list (§4 loadmore / loading / nomore, 20 a page): nomore once the loaded count
 * reaches `count` or a load fails; a refresh restarts at page 1. Give the component using it a
 * `key` per query (device, day, kind): a new query is a new list.
 */
export function useReportList<T>(fetchPage: (page: number) => Promise<ReportPage<T>>) {
  const [list, dispatch] = useReducer(listReducer<T>, undefined, initialList<T>);

  const load = useCallback(
    async (page: number, generation: number) => {
      dispatch({ type: 'request', generation });
      try {
        const data = await fetchPage(page);
        dispatch({ type: 'success', generation, page, list: data.list, total: data.count });
      } catch {
        // The request layer has told the user; a failed load stops the list (§4).
        dispatch({ type: 'failure', generation });
      }
    },
    [fetchPage],
  );

  /** Pull to refresh: page 1 again (the rows shown stay until it answers). */
  const refresh = useCallback(async () => {
    dispatch({ type: 'refresh' });
    await load(1, list.generation + 1);
  }, [load, list.generation]);

  const loadMore = useCallback(async () => {
    if (list.status !== 'loadmore') return;
    await load(nextPage(list), list.generation);
  }, [list, load]);

  return { list, refresh, loadMore };
}
