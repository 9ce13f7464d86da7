import { useQuery } from '@tanstack/react-query';
import { REFRESH_INTERVAL_MS } from '@xunji/shared';
import { useLiveAlarms, useLiveReady } from '../live/socket';
import { useAccountStore } from '../stores/account';
import { alarmQueries } from './queries';

/**
 * The signed-in user's unread alarm counts; refetched when a device raises an alarm. The message
 * tab (`live: true`) also refetches every 10 s while shown (§4) and after the live socket
 * reconnects (alarms may have come while it was down).
 */
export function useUnreadAlarms({ live = false }: { live?: boolean } = {}) {
  const signedIn = useAccountStore((state) => state.isAuthenticated);
  const query = useQuery({
    ...alarmQueries.statistics,
    enabled: signedIn,
    refetchInterval: live ? REFRESH_INTERVAL_MS : false,
  });
  const refetch = () => {
    if (signedIn) void query.refetch();
  };
  useLiveAlarms(refetch);
  useLiveReady(() => {
    if (live) refetch();
  });
  return query;
}
