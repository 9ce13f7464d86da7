import { MAP_CRS, MAP_SOURCE_IDS, type MapSettings, type MapSourceId } from '@xunji/shared';
import { z } from 'zod';

/** A Leaflet URL template of an http(s) tile server, with {z}, {x} and {y}. */
const tileTemplate = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL template')
  .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), {
    message: 'must contain {z}, {x} and {y}',
  });

/** The variables of the base maps the app offers (README, configuration). */
export const mapEnvironment = {
  MAP_SOURCES: z
    .string()
    .transform((list) => list.split(',').map((id) => id.trim()))
    .pipe(z.array(z.enum(MAP_SOURCE_IDS)).min(1))
    .optional(),
  TILES_AMAP_URL: tileTemplate.optional(),
  TILES_AMAP_SATELLITE_URL: tileTemplate.optional(),
  TILES_OSM_URL: tileTemplate.optional(),
  TIANDITU_KEY: z.string().min(1).optional(),
  TILES_CUSTOM_URL: tileTemplate.optional(),
  TILES_CUSTOM_CRS: z.enum(MAP_CRS).default('wgs84'),
  TILES_CUSTOM_NAME: z.string().min(1).optional(),
  TILES_CUSTOM_ATTRIBUTION: z.string().min(1).optional(),
  TILES_CUSTOM_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(18),
};

type MapEnvironment = z.output<z.ZodObject<typeof mapEnvironment>>;

/**
 * What the app is told of its base maps. Without MAP_SOURCES: the self-hosted server first (it is
 * there because the public ones may not be reachable), then AMap, OpenStreetMap and Tianditu when
 * it has a key. Sources that cannot work as configured are reported in `problems`.
 */
export function mapSettings(e: MapEnvironment, problems: string[]): MapSettings {
  const hasKey = e.TIANDITU_KEY !== undefined;
  const customUrl = e.TILES_CUSTOM_URL;
  const hasCustom = customUrl !== undefined;
  const sources: MapSourceId[] = e.MAP_SOURCES ?? [
    ...(hasCustom ? (['custom'] as const) : []),
    'amap',
    'amapSatellite',
    'osm',
    ...(hasKey ? (['tianditu', 'tiandituSatellite'] as const) : []),
  ];
  if (!hasKey && sources.some((id) => id === 'tianditu' || id === 'tiandituSatellite'))
    problems.push('TIANDITU_KEY is required when MAP_SOURCES offers tianditu');
  if (!hasCustom && sources.includes('custom'))
    problems.push('TILES_CUSTOM_URL is required when MAP_SOURCES offers custom');
  return {
    sources: [...new Set(sources)],
    mirrors: {
      amap: e.TILES_AMAP_URL ?? null,
      amapSatellite: e.TILES_AMAP_SATELLITE_URL ?? null,
      osm: e.TILES_OSM_URL ?? null,
    },
    tiandituKey: e.TIANDITU_KEY ?? null,
    custom: hasCustom
      ? {
          url: customUrl,
          crs: e.TILES_CUSTOM_CRS,
          name: e.TILES_CUSTOM_NAME ?? null,
          attribution: e.TILES_CUSTOM_ATTRIBUTION ?? null,
          maxZoom: e.TILES_CUSTOM_MAX_ZOOM,
        }
      : null,
  };
}

/** The configured tile servers, for the CSP's img-src (`https:` does not cover an http: one). */
export function configuredTileUrls({ mirrors, custom }: MapSettings): string[] {
  return [mirrors.amap, mirrors.amapSatellite, mirrors.osm, custom?.url ?? null].flatMap(
    (url) => url ?? [],
  );
}
