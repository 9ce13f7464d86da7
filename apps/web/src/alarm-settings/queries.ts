import { queryOptions } from '@tanstack/react-query';
import { REFRESH_INTERVAL_MS, routes } from '@xunji/shared';
import { call } from '../api/call';
import { APPLICATION_ID } from '../config';

export const alarmSettingKey = (terminalId: number) => ['alarmSetting', terminalId] as const;

/** GET /terminal-alarm-setting/{terminalId}; `refresh` re-reads it every 10 s while shown (§4). */
export const alarmSettingQuery = (terminalId: number, { refresh = false } = {}) =>
  queryOptions({
    queryKey: alarmSettingKey(terminalId),
    queryFn: () =>
      call(
        routes.terminalAlarmSetting,
        { params: { terminalId }, query: { appId: String(APPLICATION_ID) } },
        { loading: false },
      ),
    refetchInterval: refresh ? REFRESH_INTERVAL_MS : false,
  });
