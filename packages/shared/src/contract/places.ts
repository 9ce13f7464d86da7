/** Spec §2/§7 nearby petrol stations and charging piles (issue 18): AMap's place around search. */
import { z } from 'zod';
import { defineCall } from './define.js';
import { location, numeric } from './fields.js';
import {
  PLACE_PAGE_MAX,
  PLACE_PAGES_MAX,
  PLACE_RADIUS_MAX_M,
  PLACE_TYPES,
  PlacePage,
} from './places-entities.js';
import { routes } from './routes.js';

export const placesAround = defineCall({
  ...routes.placesAround,
  summary:
    'Petrol (types=fuel) or charging (types=charging) stations around location "lon,lat" (GCJ-02), nearest first; 3201 when no AMap key is configured, 3202 when AMap fails',
  query: z.object({
    location,
    types: z.enum(PLACE_TYPES, { error: 'placeType' }),
    radius: numeric(
      z
        .number({ error: 'placeRadius' })
        .int({ error: 'placeRadius' })
        .min(1, { error: 'placeRadius' })
        .max(PLACE_RADIUS_MAX_M, { error: 'placeRadius' }),
    ).default(5_000),
    page: numeric(
      z
        .number({ error: 'page' })
        .int({ error: 'page' })
        .min(1, { error: 'page' })
        .max(PLACE_PAGES_MAX, { error: 'page' }),
    ).default(1),
    limit: numeric(
      z
        .number({ error: 'placeLimit' })
        .int({ error: 'placeLimit' })
        .min(1, { error: 'placeLimit' })
        .max(PLACE_PAGE_MAX, { error: 'placeLimit' }),
    ).default(PLACE_PAGE_MAX),
  }),
  response: PlacePage,
});
