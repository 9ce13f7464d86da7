import type { Language, LatLon, Regeo } from '@xunji/shared';

export type Address = Regeo;

/** Turns a WGS-84 point into an address; null where there is none (outside China). */
export interface ReverseGeocoder {
  reverse(point: LatLon, language: Language): Promise<Address | null>;
  /**
   * At once, from what is already known (for lists of devices): undefined when nothing is known
   * yet, and then the answer is looked up in the background for a later call.
   */
  cached(point: LatLon, language: Language): Address | null | undefined;
}

/** The country's name in each language. */
export const CHINA: Record<Language, string> = { 'zh-CN': '中国', en: 'China' };
