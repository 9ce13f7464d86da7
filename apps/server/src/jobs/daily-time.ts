import { addDays, localDate, zonedToEpoch } from '@xunji/shared';

/** The next instant after `now` at which the clock in `timeZone` shows `hour`:00. */
export function nextDailyAt(now: number, hour: number, timeZone: string): number {
  const today = localDate(now, timeZone);
  const time = ` ${String(hour).padStart(2, '0')}:00`;
  const at = zonedToEpoch(today + time, timeZone)!;
  return at > now ? at : zonedToEpoch(addDays(today, 1) + time, timeZone)!;
}
