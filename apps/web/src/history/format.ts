import type { TFunction } from 'i18next';

/** "1 h 05 min" / "1小时5分钟"; seconds under a minute show as seconds. */
export function formatDuration(seconds: number, t: TFunction): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return t('history.duration.seconds', { count: total });
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  if (hours === 0) return t('history.duration.minutes', { count: minutes });
  return t('history.duration.hours', { hours, minutes });
}

/** Metres under a kilometre, else kilometres with two decimals. */
export function formatDistance(metres: number, t: TFunction): string {
  return metres < 1000
    ? t('history.distance.metres', { value: Math.round(metres) })
    : t('history.distance.kilometres', { value: (metres / 1000).toFixed(2) });
}

/** The day of the date bar, YYYY/MM/DD (the date part of §9's YYYY/MM/DD HH:mm). */
export const formatDay = (day: string): string => day.replaceAll('-', '/');
