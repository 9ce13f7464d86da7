import { z } from 'zod';
import { MAP_CRS, MAP_SOURCE_IDS } from './map-kinds.js';

export { MAP_CRS, MAP_SOURCE_IDS, type MapCrs, type MapSourceId } from './map-kinds.js';

/** A Leaflet URL template ({z} {x} {y}, {s} optional). */
const template = z.string().min(1);

/**
 * The base maps of this server (part of the application configuration). The app knows each
 * public provider's URLs; the server tells it which are offered, the mirrors replacing public
 * URLs, Tianditu's key and a self-hosted tile server.
 */
export const MapSettings = z.object({
  /** On the map-type button in this order; the first is the default. */
  sources: z.array(z.enum(MAP_SOURCE_IDS)),
  /** Self-hosted mirrors of the public tile servers. */
  mirrors: z.object({
    amap: template.nullable(),
    amapSatellite: template.nullable(),
    osm: template.nullable(),
  }),
  /** Tianditu's browser key (tk): it goes with every tile, so it is no secret. */
  tiandituKey: z.string().nullable(),
  /** Any other tile server. */
  custom: z
    .object({
      url: template,
      crs: z.enum(MAP_CRS),
      /** Shown on the map-type button; the app's own word for it when null. */
      name: z.string().nullable(),
      attribution: z.string().nullable(),
      maxZoom: z.number().int(),
    })
    .nullable(),
});
export type MapSettings = z.infer<typeof MapSettings>;
