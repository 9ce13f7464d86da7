import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, REFRESH_INTERVAL_MS, routes, type RECORD_UPDATE_TYPES } from '@xunji/shared';
import { call } from '../api/call';

type RecordUpdateType = (typeof RECORD_UPDATE_TYPES)[number];

export const recordKeys = {
  // Under the device's remote key: a command sent reads it again.
  status: (terminalId: number) => ['remote', terminalId, 'record-status'] as const,
};

/** The recording settings, the pickup under way and the counters; again every 10 s (§4). */
export const recordStatusQuery = (terminalId: number) =>
  queryOptions({
    queryKey: recordKeys.status(terminalId),
    queryFn: () => call(routes.recordStatus, { query: { terminalId } }, { loading: false }),
    refetchInterval: REFRESH_INTERVAL_MS,
  });

/** 20 recordings older (or newer) than `recordId`, newest first; the newest 20 without one. */
export const fetchRecords = (terminalId: number, updateType: RecordUpdateType, recordId?: number) =>
  call(
    routes.recordPage,
    { query: { terminalId, limit: PAGE_SIZE.audio, updateType, recordId } },
    { loading: false },
  );
