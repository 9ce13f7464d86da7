import { SHORT_DATE_TIME_FORMAT } from '@xunji/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatSpeed } from '../../devices/format';

/** §9 short form, MM-DD HH:mm, for the list rows. */
export const formatShortTime = (time: number): string => dayjs(time).format(SHORT_DATE_TIME_FORMAT);

/** km/h with the two decimals of §9. */
export const formatKmh = (kmh: number, t: TFunction): string =>
  t('history.report.speedValue', { value: formatSpeed(kmh) });

/** An address, or the "no address" text. */
export const addressText = (address: string | null, t: TFunction): string =>
  address?.trim() ? address : t('history.report.noAddress');
