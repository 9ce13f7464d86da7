import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, routes, type HistoryType } from '@xunji/shared';
import { call } from '../api/call';
import type { ReportSelection } from '../stores/report';
import type { DayWindow } from './day';
import { userTimeZone } from './day';
import type { ReportLink } from './report-link';
import { fetchTrackInfo } from './track-request';

/** Query keys of the history reads, all under ['history'] (a pull to refresh drops them all). */
export const historyKeys = {
  all: ['history'] as const,
  track: (id: number, window: DayWindow) => ['history', 'track', id, window] as const,
  dates: (id: number, type: HistoryType, startDate: string, endDate: string) =>
    ['history', 'dates', id, type, startDate, endDate] as const,
  item: ({ terminalId, type, startTime, endTime }: ReportLink) =>
    ['history', 'item', terminalId, type, startTime, endTime] as const,
};

export const historyQueries = {
  /** GET /v2/track/info; its points are read in a worker and shown with `useTrackView`. */
  track: (id: number, window: DayWindow) =>
    queryOptions({
      queryKey: historyKeys.track(id, window),
      queryFn: () => fetchTrackInfo(id, window),
    }),
  /** The days of a range that have data of a type, for the date picker's marks. */
  dates: (id: number, type: HistoryType, startDate: string, endDate: string) =>
    queryOptions({
      queryKey: historyKeys.dates(id, type, startDate, endDate),
      queryFn: () =>
        call(
          routes.historyDates,
          {
            params: { type },
            query: { terminalId: id, startDate, endDate, timeZone: userTimeZone() },
          },
          { loading: false },
        ).then((days) => new Set(days)),
      staleTime: 60_000,
    }),
  /** The trip or stay that now covers a report link's times; null when none does any more. */
  item: (link: ReportLink) =>
    queryOptions({
      queryKey: historyKeys.item(link),
      queryFn: () => fetchReportItem(link),
    }),
};

async function fetchReportItem(link: ReportLink): Promise<ReportSelection | null> {
  const { terminalId, type } = link;
  const query = {
    terminalId,
    startTime: String(link.startTime),
    endTime: String(link.endTime),
  };
  if (type === 'trip') {
    const item = await call(routes.tripAt, { query }, { loading: false });
    return item && { terminalId, type, item };
  }
  const item = await call(routes.stopoverAt, { query }, { loading: false });
  return item && { terminalId, type, item };
}

/** One page of the day's trips or stopovers (20 a page, §9). */
export function fetchReportPage(
  kind: 'trip' | 'stopover',
  id: number,
  window: DayWindow,
  page: number,
) {
  const query = { terminalId: id, page, limit: PAGE_SIZE.reports, ...window };
  return kind === 'trip'
    ? call(routes.tripPage, { query }, { loading: false })
    : call(routes.stopoverPage, { query }, { loading: false });
}
