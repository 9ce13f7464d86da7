import { useQuery } from '@tanstack/react-query';
import { deviceQueries } from '../devices/queries';

/**
 * The device as the list shows it (GET /v2/terminal/ids): unlike the one-device fetch, it answers
 * for a device whose service has expired, whose SIM card and renewal are what the user is after.
 */
export function useListedDevice(id: number | null) {
  const query = useQuery({ ...deviceQueries.ids(id === null ? [] : [id]), enabled: id !== null });
  return { ...query, device: query.data?.find((device) => device.id === id) };
}
