import { useQuery } from '@tanstack/react-query';
import { deviceQueries } from '../devices/queries';
import { serviceExpiredOf } from './service-expiry';
import { useListedDevice } from './useListedDevice';

/**
 * The device of a page that shows it whatever its service: the one-device fetch, or, when that
 * answers 2303 (the §8 rule has run once), the device as the list shows it, so that the page can
 * still say when its service ended and lead to its SIM card and renewal.
 */
export function useShownDevice(id: number | null) {
  const one = useQuery({ ...deviceQueries.one(id ?? 0), enabled: id !== null });
  const expired = serviceExpiredOf(one.error) !== null;
  const listed = useListedDevice(expired ? id : null);
  const gone = !expired || listed.isError || (listed.isSuccess && !listed.device);
  return {
    data: one.data ?? listed.device,
    isError: one.isError && gone,
    error: expired && listed.isError ? listed.error : one.error,
    refetch: one.refetch,
  };
}
