import type { ReportItemType } from '../stores/report';
import { PATHS } from '../router/paths';

/**
 * A trip or stay of the report as its details page addresses it: by device and times, not by
 * its row, which detection may replace when late fixes arrive (the server answers the segment
 * that now covers most of those times).
 */
export interface ReportLink {
  terminalId: number;
  type: ReportItemType;
  startTime: number;
  endTime: number;
}

/** /pagesDevice/report/details?id=&type=trip|stay&start=&end= (epoch milliseconds). */
export const reportDetailsPath = ({ terminalId, type, startTime, endTime }: ReportLink): string =>
  `${PATHS.reportDetails}?id=${terminalId}&type=${type}&start=${startTime}&end=${endTime}`;

const instant = (value: string | null): number | null =>
  value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;

/** The link of a details URL (its device id read already), or null when it names none. */
export function reportLinkOf(
  terminalId: number | null,
  params: URLSearchParams,
): ReportLink | null {
  const type = params.get('type');
  const startTime = instant(params.get('start'));
  const endTime = instant(params.get('end'));
  if (terminalId === null || (type !== 'trip' && type !== 'stay')) return null;
  if (startTime === null || endTime === null || endTime < startTime) return null;
  return { terminalId, type, startTime, endTime };
}
