import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, routes } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';
import { searchQuery, type AlarmSearch } from './search';

const quietLoading: RequestOptions = { loading: false };

/** Query keys of the alarm reads, all under ['alarms']. */
export const alarmKeys = {
  all: ['alarms'] as const,
  statistics: ['alarms', 'statistics'] as const,
  latest: ['alarms', 'latest'] as const,
  pages: ['alarms', 'page'] as const,
  page: (terminalId: number | null, search: AlarmSearch, page: number) =>
    ['alarms', 'page', terminalId, search, page] as const,
  one: (id: number) => ['alarms', 'one', id] as const,
};

export const alarmQueries = {
  /** The caller's unread alarms per device (the message tab and its badge). */
  statistics: queryOptions({
    queryKey: alarmKeys.statistics,
    queryFn: () => call(routes.alarmStatistics, { query: { type: 'unread' } }, quietLoading),
  }),
  /** The newest alarm of each device (the message tab's rows). */
  latest: queryOptions({
    queryKey: alarmKeys.latest,
    queryFn: () => call(routes.latestAlarms, undefined, quietLoading),
  }),
  /** One page (20, §9) of a device's alarms, or of every device's when terminalId is null. */
  page: (terminalId: number | null, search: AlarmSearch, page: number) =>
    queryOptions({
      queryKey: alarmKeys.page(terminalId, search, page),
      queryFn: () =>
        call(
          routes.alarmLogPage,
          {
            query: {
              ...(terminalId === null ? {} : { terminalId }),
              page,
              limit: PAGE_SIZE.alarms,
              ...searchQuery(search),
            },
          },
          quietLoading,
        ),
    }),
  /** One alarm; the server marks it read for the caller, so the lists and counts change. */
  one: (id: number, queryClient: QueryClient) =>
    queryOptions({
      queryKey: alarmKeys.one(id),
      queryFn: async () => {
        const alarm = await call(routes.alarmLogById, { params: { alarmId: id } }, quietLoading);
        void queryClient.invalidateQueries({ queryKey: alarmKeys.pages });
        void queryClient.invalidateQueries({ queryKey: alarmKeys.statistics });
        void queryClient.invalidateQueries({ queryKey: alarmKeys.latest });
        return alarm;
      },
    }),
};

/** After a delete or clear: every alarm read is stale (the counts too). */
export const invalidateAlarms = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: alarmKeys.all });
