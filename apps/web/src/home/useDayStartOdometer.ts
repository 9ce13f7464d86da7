import { useQuery } from '@tanstack/react-query';
import { routes, type Terminal } from '@xunji/shared';
import { call } from '../api/call';
import { today, userTimeZone } from '../history/day';
import { isWatch } from './card-facts';

/**
 * The device's odometer when the user's day began, for today's mileage on the card; asked again
 * when the day changes. Null while unknown, and for devices the card shows no mileage of.
 */
export function useDayStartOdometer(terminal: Terminal, now: number): number | null {
  const date = today(now);
  const query = useQuery({
    // Under ['terminals']: refreshed with every device read.
    queryKey: ['terminals', 'day-mileage', terminal.id, date],
    queryFn: () =>
      call(
        routes.terminalDayMileage,
        { params: { terminalId: terminal.id }, query: { timeZone: userTimeZone() } },
        { loading: false, toastState: false },
      ),
    enabled: !isWatch(terminal) && terminal.lbsInfo.mileage !== null,
    staleTime: 10 * 60_000,
  });
  return query.data?.odometer ?? null;
}
