import { addDays, type AlarmType } from '@xunji/shared';
import { today, userTimeZone } from '../history/day';

export const TIME_RANGES = ['all', 'today', 'week', 'custom'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

/** §3 Alarm search: which alarm types, over which time. */
export interface AlarmSearch {
  /** None: every type. */
  alarmTypes: AlarmType[];
  /** Today and the last 7 days move with the calendar; a custom range is fixed. */
  range: TimeRange;
  /** The first and last day (YYYY-MM-DD) of a custom range; null for the others. */
  beginTime: string | null;
  endTime: string | null;
}

export const EMPTY_SEARCH: AlarmSearch = {
  alarmTypes: [],
  range: 'all',
  beginTime: null,
  endTime: null,
};

/** A custom range without both days means no time bound. */
const customDays = (search: AlarmSearch): [string, string] | null =>
  search.range === 'custom' && search.beginTime && search.endTime
    ? [search.beginTime, search.endTime]
    : null;

/** The first and last day a search covers, or null for any time. */
export function searchDays(search: AlarmSearch, now = Date.now()): [string, string] | null {
  const last = today(now);
  switch (search.range) {
    case 'today':
      return [last, last];
    case 'week':
      return [addDays(last, -6), last];
    case 'custom':
      return customDays(search);
    case 'all':
      return null;
  }
}

/** Whether a search narrows the list at all. */
export const isFiltered = (search: AlarmSearch): boolean =>
  search.alarmTypes.length > 0 || searchDays(search) !== null;

/** The alarm-log query fields of a search (§7: alarmTypes, beginTime, endTime). */
export function searchQuery(search: AlarmSearch, now = Date.now()) {
  const days = searchDays(search, now);
  return {
    ...(search.alarmTypes.length > 0 ? { alarmTypes: search.alarmTypes.join(',') } : {}),
    ...(days ? { beginTime: `${days[0]} 00:00:00`, endTime: `${days[1]} 23:59:59` } : {}),
    timeZone: userTimeZone(),
  };
}
