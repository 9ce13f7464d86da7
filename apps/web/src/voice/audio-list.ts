import { PAGE_SIZE, type AudioRecord } from '@xunji/shared';
import type { ListStatus } from '../devices/list-state';

/** The recordings list of §4: by cursor, newest first, nomore when a page brings fewer than 20. */
export interface AudioList {
  items: AudioRecord[];
  status: ListStatus;
  /** Why the last load failed (null when it did not). */
  error: unknown;
}

export type AudioListAction =
  | { type: 'request' }
  /** A page older than the last item (or the newest page, for an empty list). */
  | { type: 'older'; list: AudioRecord[] }
  /** The recordings newer than the first item (pull to refresh, the 10-s timer). */
  | { type: 'newer'; list: AudioRecord[] }
  /** A failed load stops the list (§4). */
  | { type: 'failure'; error: unknown }
  | { type: 'read'; id: number }
  /** Moved to the recycle bin. */
  | { type: 'remove'; ids: readonly number[] };

export const initialAudioList: AudioList = { items: [], status: 'loadmore', error: null };

const newestFirst = (a: AudioRecord, b: AudioRecord) => b.createTime - a.createTime || b.id - a.id;

function merged(items: readonly AudioRecord[], list: readonly AudioRecord[]): AudioRecord[] {
  const ids = new Set(items.map((item) => item.id));
  return [...items, ...list.filter((item) => !ids.has(item.id))].sort(newestFirst);
}

export function audioListReducer(state: AudioList, action: AudioListAction): AudioList {
  switch (action.type) {
    case 'request':
      return { ...state, status: 'loading' };
    case 'older':
      return {
        items: merged(state.items, action.list),
        status: action.list.length < PAGE_SIZE.audio ? 'nomore' : 'loadmore',
        error: null,
      };
    case 'newer':
      // A full page of newer ones may leave a gap behind it: start again from that page.
      if (action.list.length >= PAGE_SIZE.audio)
        return { items: [...action.list].sort(newestFirst), status: 'loadmore', error: null };
      return { ...state, items: merged(state.items, action.list), error: null };
    case 'failure':
      return { ...state, status: 'nomore', error: action.error };
    case 'read':
      return {
        ...state,
        items: state.items.map((item) => (item.id === action.id ? { ...item, isRead: 1 } : item)),
      };
    case 'remove':
      return { ...state, items: state.items.filter((item) => !action.ids.includes(item.id)) };
  }
}

/** The cursors: the newest item (for newer ones) and the oldest (for older ones). */
export const newestId = (state: AudioList): number | undefined => state.items[0]?.id;
export const oldestId = (state: AudioList): number | undefined => state.items.at(-1)?.id;
