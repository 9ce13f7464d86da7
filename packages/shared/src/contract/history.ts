/** Spec §7: history track, days with data, trip and stopover reports. */
import { z } from 'zod';
import { PAGE_SIZE, TRACK_MAX_RANGE_DAYS, REPORT_MAX_RANGE_DAYS } from '../constants.js';
import { DAY_MS, isTimeZone } from '../zoned-time.js';
import { date, HISTORY_TYPES, instantOf, time, timeZone } from './history-params.js';
import { defineCall } from './define.js';
import { id, pageLimit, pageNumber } from './fields.js';
import { routes } from './routes.js';
import { StopoverItem, StopoverPage, TrackInfo, TripItem, TripPage } from './history-entities.js';

const windowShape = { terminalId: id, startTime: time, endTime: time, timeZone };
type WindowQuery = z.output<z.ZodObject<typeof windowShape>>;

/** startTime..endTime must be real times, in order, at most `maxDays` apart (names endTime). */
function checkWindow(maxDays: number, message: 'trackRange' | 'reportRange') {
  return (query: WindowQuery, context: z.RefinementCtx): void => {
    // Runs even when a field failed: the zone has its own issue then.
    if (!isTimeZone(query.timeZone)) return;
    const start = instantOf(query.startTime, query.timeZone);
    const end = instantOf(query.endTime, query.timeZone);
    if (start === undefined)
      context.addIssue({ code: 'custom', message: 'time', path: ['startTime'] });
    if (end === undefined) context.addIssue({ code: 'custom', message: 'time', path: ['endTime'] });
    if (start === undefined || end === undefined) return;
    if (end < start || end - start > maxDays * DAY_MS)
      context.addIssue({ code: 'custom', message, path: ['endTime'] });
  };
}

export const trackInfo = defineCall({
  ...routes.trackInfo,
  summary: `Every stored point of a range (at most ${TRACK_MAX_RANGE_DAYS} days) as column arrays, with totals and stopovers`,
  query: z.object(windowShape).superRefine(checkWindow(TRACK_MAX_RANGE_DAYS, 'trackRange')),
  response: TrackInfo,
});

const reportQuery = z
  .object({
    ...windowShape,
    page: pageNumber,
    limit: pageLimit(PAGE_SIZE.reports),
  })
  .superRefine(checkWindow(REPORT_MAX_RANGE_DAYS, 'reportRange'));

export const tripPage = defineCall({
  ...routes.tripPage,
  summary: 'Trips touching the range (a trip over midnight is in both days, whole), oldest first',
  query: reportQuery,
  response: TripPage,
});

export const stopoverPage = defineCall({
  ...routes.stopoverPage,
  summary: 'Stopovers touching the range, oldest first',
  query: reportQuery,
  response: StopoverPage,
});

/**
 * A link to a trip or stopover names the device and the segment's times, not its row: detection
 * runs again when late fixes arrive and may replace the row (docs/history.md).
 */
const segmentAtQuery = z
  .object(windowShape)
  .superRefine(checkWindow(REPORT_MAX_RANGE_DAYS, 'reportRange'));

export const tripAt = defineCall({
  ...routes.tripAt,
  summary:
    'The trip that now covers most of startTime..endTime (the times of a trip seen before), null when none does',
  query: segmentAtQuery,
  response: TripItem.nullable(),
});

export const stopoverAt = defineCall({
  ...routes.stopoverAt,
  summary:
    'The stopover that now covers most of startTime..endTime (the times of a stopover seen before), null when none does',
  query: segmentAtQuery,
  response: StopoverItem.nullable(),
});

export const historyDates = defineCall({
  ...routes.historyDates,
  summary:
    'The local days (YYYY-MM-DD in timeZone) with data of a type, from startDate to endDate (default the last 31 days)',
  params: z.object({ type: z.enum(HISTORY_TYPES, { error: 'historyType' }) }),
  query: z
    .object({ terminalId: id, startDate: date.optional(), endDate: date.optional(), timeZone })
    .superRefine((query, context) => {
      if (!query.startDate || !query.endDate) return;
      const days = (Date.parse(query.endDate) - Date.parse(query.startDate)) / DAY_MS;
      if (days < 0 || days > 366)
        context.addIssue({ code: 'custom', message: 'dateRange', path: ['endDate'] });
    }),
  response: z.array(z.string()),
});
