import { DATE_TIME_FORMAT } from '@xunji/shared';
import dayjs from 'dayjs';
import { formatDateTime } from '../lib/date';

const NONE = '--';

/** km/h with the two decimals of §9; '--' when unknown. */
export const formatSpeed = (kmh: number | null | undefined): string =>
  kmh === null || kmh === undefined || !Number.isFinite(kmh) ? NONE : kmh.toFixed(2);

/** Battery as a whole percentage, clamped to 0-100; '--' when unknown. */
export const formatBattery = (percent: number | null | undefined): string =>
  percent === null || percent === undefined || !Number.isFinite(percent)
    ? NONE
    : `${Math.round(Math.min(100, Math.max(0, percent)))}%`;

/** The locate time in DATE_TIME_FORMAT (YYYY/MM/DD HH:mm); '--' before the first fix. */
export const formatLocateTime = (time: number | null | undefined): string =>
  time === null || time === undefined ? NONE : formatDateTime(time);

/** The date part of DATE_TIME_FORMAT (YYYY/MM/DD), for service periods. */
export const formatDate = (time: number): string =>
  dayjs(time).format(DATE_TIME_FORMAT.split(' ')[0]);

/** A 0-100 signal as 0-4 bars, as phones show it. */
export const signalBars = (percent: number): number =>
  Math.min(4, Math.max(0, Math.ceil(percent / 25)));
