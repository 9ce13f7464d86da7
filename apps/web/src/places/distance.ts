import type { TFunction } from 'i18next';

/** A distance as the list shows it: metres under 1 km, else km with one decimal. */
export function distanceText(metres: number, t: TFunction): string {
  return Math.round(metres) < 1000
    ? t('nearby.metres', { value: Math.round(metres) })
    : t('nearby.kilometres', { value: (metres / 1000).toFixed(1) });
}
