import { formatFen, type ProductEffect } from '@xunji/shared';

/** A price in fen as the app shows it: `¥12.34`. */
export const formatPrice = (fen: number): string => `¥${formatFen(fen)}`;

const trimmed = (value: number): string => String(Number(value.toFixed(2)));

/** Megabytes as `500 MB`, or `1.5 GB` from 1024 MB on. */
export function formatMb(mb: number): string {
  return mb >= 1024 ? `${trimmed(mb / 1024)} GB` : `${trimmed(mb)} MB`;
}

/** A SIM card's data in KB (as the server counts it), in MB or GB. */
export const formatKb = (kb: number): string => formatMb(kb / 1024);

/** How much of `total` is used, 0–100, whole; 0 for a card without a quota. */
export function usedPercent(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/** What a product's quota is, by its effect: data in MB, a number of SMS, or call minutes. */
type QuotaUnit = 'data' | 'sms' | 'minutes';

export const quotaUnitOf = (effect: ProductEffect): QuotaUnit | null =>
  effect === 'simData'
    ? 'data'
    : effect === 'simSms'
      ? 'sms'
      : effect === 'callMinutes'
        ? 'minutes'
        : null;
