import type { TFunction } from 'i18next';
import { formatSpeed } from '../../devices/format';

/** km/h with the two decimals of §9. */
export const formatKmh = (kmh: number, t: TFunction): string =>
  t('history.report.speedValue', { value: formatSpeed(kmh) });

/** An address, or the "no address" text. */
export const addressText = (address: string | null, t: TFunction): string =>
  address?.trim() ? address : t('history.report.noAddress');
