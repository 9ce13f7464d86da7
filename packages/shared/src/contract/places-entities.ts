import { z } from 'zod';

/** What the nearby search looks for: petrol stations or charging stations (piles). */
export const PLACE_TYPES = ['fuel', 'charging'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
/** AMap searches at most 50 km around the point. */
export const PLACE_RADIUS_MAX_M = 50_000;
/** AMap gives at most 25 places a page. */
export const PLACE_PAGE_MAX = 25;
/** AMap turns at most 100 pages. */
export const PLACE_PAGES_MAX = 100;

/** A place near the point asked about, as AMap names it (in Chinese whatever the language). */
export const Place = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** GCJ-02 */
  lon: z.number(),
  /** GCJ-02 */
  lat: z.number(),
  /** Metres from the point asked about. */
  distance: z.number().int(),
  tel: z.string(),
  type: z.enum(PLACE_TYPES),
});
export type Place = z.infer<typeof Place>;

/** One page of places, nearest first; count is how many AMap found in the radius. */
export const PlacePage = z.object({ list: z.array(Place), count: z.number().int() });
export type PlacePage = z.infer<typeof PlacePage>;
