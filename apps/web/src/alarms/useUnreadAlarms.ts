import { alarmQueries } from './queries';
import { useAlarmQuery } from './useAlarmQuery';

/** The signed-in user's unread alarm counts (the tab bar's badge, the message tab). */
export const useUnreadAlarms = (options: { live?: boolean } = {}) =>
  useAlarmQuery(alarmQueries.statistics, options);

/** The newest alarm of each device, for the message tab's rows. */
export const useLatestAlarms = () => useAlarmQuery(alarmQueries.latest, { live: true });
