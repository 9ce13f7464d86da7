import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { REFRESH_INTERVAL_MS } from '@xunji/shared';
import { useLiveAlarms, useLiveReady } from '../live/socket';
import { useAccountStore } from '../stores/account';

/**
 * An alarm read of the signed-in user, refetched when a device raises an alarm. The message tab
 * (`live: true`) also refetches every 10 s while shown (§4) and after the live socket reconnects
 * (alarms may have come while it was down).
 */
export function useAlarmQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  { live = false }: { live?: boolean } = {},
) {
  const signedIn = useAccountStore((state) => state.isAuthenticated);
  const query = useQuery({
    ...options,
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
