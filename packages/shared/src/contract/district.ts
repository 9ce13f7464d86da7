import { z } from 'zod';
import { defineCall } from './define.js';
import { numeric } from './fields.js';
import { CHINA_ADCODE } from '../constants.js';
import { DistrictAnswer } from './district-entities.js';
import { routes } from './routes.js';

export const district = defineCall({
  ...routes.district,
  summary:
    "China's administrative units in AMap's district answer, from the bundled data: keywords is an adcode or an exact name (default the country), subdistrict the levels below (0-3), extensions=all adds the outline (GCJ-02)",
  query: z.object({
    keywords: z
      .string()
      .trim()
      .max(64)
      .default('')
      .transform((value) => value || CHINA_ADCODE),
    subdistrict: numeric(z.number().int().min(0).max(3)).default(1),
    extensions: z.enum(['base', 'all']).default('base'),
  }),
  response: DistrictAnswer,
});
