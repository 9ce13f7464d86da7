import { DATE_TIME_FORMAT, SHORT_DATE_TIME_FORMAT } from '@xunji/shared';
import dayjs from 'dayjs';

/** The §9 date-time format, YYYY/MM/DD HH:mm. */
export const formatDateTime = (time: number | Date): string => dayjs(time).format(DATE_TIME_FORMAT);

/** The §9 short date-time format, MM-DD HH:mm. */
export const formatShortDateTime = (time: number | Date): string =>
  dayjs(time).format(SHORT_DATE_TIME_FORMAT);
