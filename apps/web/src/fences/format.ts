import type { TFunction } from 'i18next';

/** "500 m", "1.5 km", "50 km". */
export function formatRadius(metres: number, t: TFunction): string {
  if (metres < 1000) return t('fences.metres', { value: Math.round(metres) });
  return t('fences.kilometres', { value: Number((metres / 1000).toFixed(2)) });
}
