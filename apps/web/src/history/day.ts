import { DATE_PICKER_YEARS, DEFAULT_TIME_ZONE, addDays, localDate } from '@xunji/shared';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

let zone: string | undefined;

/**
 * The browser's IANA zone: the server reads local times and days in it. Asked once (a new
 * Intl.DateTimeFormat costs milliseconds, and pages ask on every render).
 */
export const userTimeZone = (): string => (zone ??= browserTimeZone());

/** Today, "YYYY-MM-DD", in the user's zone. */
export const today = (now = Date.now()): string => localDate(now, userTimeZone());

/** §5: the picker goes back ten years and never past today. */
export const minDate = (now = Date.now()): string =>
  addDays(today(now), -Math.round(DATE_PICKER_YEARS * 365.25));

/** A `?date=` that is a real day inside the picker's range, or today. */
export function dayFromParam(value: string | null, now = Date.now()): string {
  const last = today(now);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return last;
  if (value > last) return last;
  const first = minDate(now);
  return value < first ? first : value;
}

export const DAY_START = '00:00';
export const DAY_END = '23:59';

/** A `?from=`/`?to=` time of day, HH:mm, or the fallback. */
export const timeParam = (value: string | null, fallback: string): string =>
  value && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : fallback;

/** The day and the part of it that a track page shows, from its `?date=&from=&to=`. */
export function trackPeriod(params: URLSearchParams, now = Date.now()) {
  return {
    date: dayFromParam(params.get('date'), now),
    from: timeParam(params.get('from'), DAY_START),
    to: timeParam(params.get('to'), DAY_END),
  };
}

export interface DayWindow {
  startTime: string;
  endTime: string;
  timeZone: string;
}

/** §7: a report covers a day from 00:00:00 to 23:59:59; a track may end earlier. */
export function dayWindow(date: string, from = '00:00', to = '23:59'): DayWindow {
  return {
    startTime: `${date} ${from}:00`,
    endTime: `${date} ${to}:59`.slice(0, 19),
    timeZone: userTimeZone(),
  };
}

export const toDate = (day: string): Date => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
};

const pad = (n: number): string => String(n).padStart(2, '0');
export const fromDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
