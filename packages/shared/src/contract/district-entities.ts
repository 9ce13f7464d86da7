import { z } from 'zod';

export const DISTRICT_LEVELS = ['country', 'province', 'city', 'district'] as const;
export type DistrictLevel = (typeof DISTRICT_LEVELS)[number];

/** One unit as AMap's district API gives it, with its subunits as deep as asked. */
export interface AMapDistrict {
  /** AMap answers [] where a unit has no city code, as every unit here does (not in the data). */
  citycode: string | string[];
  adcode: string;
  name: string;
  /** "lng,lat", GCJ-02: the seat of government */
  center: string;
  level: DistrictLevel;
  /** extensions=all, top level only: rings "lng,lat;lng,lat;…" joined by "|", GCJ-02 */
  polyline?: string;
  districts: AMapDistrict[];
}
export const AMapDistrict: z.ZodType<AMapDistrict> = z.lazy(() =>
  z.object({
    citycode: z.union([z.string(), z.array(z.string()).max(0)]),
    adcode: z.string(),
    name: z.string(),
    center: z.string(),
    level: z.enum(DISTRICT_LEVELS),
    polyline: z.string().optional(),
    districts: z.array(AMapDistrict),
  }),
);

/** AMap's answer of GET /v3/config/district, as our server gives it (never AMap's own). */
export const DistrictAnswer = z.object({
  status: z.literal('1'),
  info: z.literal('OK'),
  infocode: z.literal('10000'),
  /** the number of units matching the keywords, as a string */
  count: z.string(),
  suggestion: z.object({ keywords: z.array(z.string()), cities: z.array(z.string()) }),
  districts: z.array(AMapDistrict),
});
export type DistrictAnswer = z.infer<typeof DistrictAnswer>;
