import { useCallback, useEffect, useReducer, useRef } from 'react';
import { REFRESH_INTERVAL_MS } from '@xunji/shared';
import { ApiError } from '../api/errors';
import { useLiveRecords } from '../live/socket';
import { audioListReducer, initialAudioList, newestId, oldestId } from './audio-list';
import { fetchRecords } from './queries';

/**
 * A device's recordings (§4 audio list): older pages as the list end shows, newer ones on pull to
 * refresh and every 10 s while the page is open.
 */
export function useAudioList(terminalId: number) {
  const [list, dispatch] = useReducer(audioListReducer, initialAudioList);
  // The loaders read the list as it is when they run (the 10-s timer keeps its callback).
  const current = useRef(list);
  useEffect(() => {
    current.current = list;
  });

  const loadOlder = useCallback(async () => {
    if (current.current.status !== 'loadmore') return;
    dispatch({ type: 'request' });
    try {
      const page = await fetchRecords(terminalId, 'older', oldestId(current.current));
      dispatch({ type: 'older', list: page.list });
    } catch (error) {
      dispatch({ type: 'failure', error });
      if (!(error instanceof ApiError)) throw error;
    }
  }, [terminalId]);

  const loadNewer = useCallback(async () => {
    const newest = newestId(current.current);
    if (newest === undefined) {
      // Nothing yet (or the first page failed): ask for the newest page again.
      dispatch({ type: 'request' });
      try {
        dispatch({ type: 'older', list: (await fetchRecords(terminalId, 'older')).list });
      } catch (error) {
        dispatch({ type: 'failure', error });
      }
      return;
    }
    try {
      dispatch({ type: 'newer', list: (await fetchRecords(terminalId, 'newer', newest)).list });
    } catch {
      // The request layer has told the user; the list stays as it is.
    }
  }, [terminalId]);

  useLiveRecords(({ deviceId, record }) => {
    if (deviceId === terminalId) dispatch({ type: 'newer', list: [record] });
  });

  useEffect(() => {
    const timer = setInterval(() => void loadNewer(), REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [loadNewer]);

  return {
    list,
    loadOlder,
    loadNewer,
    markRead: (id: number) => dispatch({ type: 'read', id }),
    remove: (ids: readonly number[]) => dispatch({ type: 'remove', ids }),
  };
}
