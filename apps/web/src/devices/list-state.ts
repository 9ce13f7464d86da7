/** Spec §4 list status: more pages may follow, one is loading, or there is nothing more. */
export type ListStatus = 'loadmore' | 'loading' | 'nomore';

export interface PagedList<T> {
  items: T[];
  /** The last page loaded (0 before the first). */
  page: number;
  /** The total the server reported. */
  total: number;
  status: ListStatus;
  /** Bumped by every refresh or reset: answers to an older request are dropped. */
  generation: number;
  /** Why the last load failed (null when it did not): a list that never loaded says so. */
  error: unknown;
}

export type ListAction<T> =
  /** Flagged for refresh: the next load is page 1 (the shown items stay until it answers). */
  | { type: 'refresh' }
  /** A new query (search, state, organisation): empty, then page 1. */
  | { type: 'reset' }
  | { type: 'request'; generation: number }
  | { type: 'success'; generation: number; page: number; list: T[]; total: number }
  /** A failed load stops the list (nomore) until the next refresh. */
  | { type: 'failure'; generation: number; error: unknown }
  /** Items deleted on the server: gone from the list and from the total. */
  | { type: 'remove'; matches: (item: T) => boolean };

export function initialList<T>(): PagedList<T> {
  return { items: [], page: 0, total: 0, status: 'loadmore', generation: 0, error: null };
}

/** The page the next load asks for. */
export const nextPage = (list: PagedList<unknown>): number => list.page + 1;

/** The list reducer of §4: loadmore → loading → loadmore | nomore; nomore once all are loaded. */
export function listReducer<T>(state: PagedList<T>, action: ListAction<T>): PagedList<T> {
  switch (action.type) {
    case 'refresh':
      return {
        ...state,
        page: 0,
        status: 'loadmore',
        generation: state.generation + 1,
        error: null,
      };
    case 'reset':
      return { ...initialList<T>(), generation: state.generation + 1 };
    case 'request':
      if (action.generation !== state.generation) return state;
      return { ...state, status: 'loading' };
    case 'success': {
      if (action.generation !== state.generation) return state;
      const items = action.page === 1 ? action.list : [...state.items, ...action.list];
      const done = items.length >= action.total || action.list.length === 0;
      return {
        ...state,
        items,
        page: action.page,
        total: action.total,
        status: done ? 'nomore' : 'loadmore',
        error: null,
      };
    }
    case 'failure':
      if (action.generation !== state.generation) return state;
      return { ...state, status: 'nomore', error: action.error };
    case 'remove': {
      const items = state.items.filter((item) => !action.matches(item));
      const removed = state.items.length - items.length;
      return { ...state, items, total: Math.max(items.length, state.total - removed) };
    }
  }
}
