/**
 * The base maps an operator can offer, free of zod so the app can import them without the
 * schemas (as routes.ts). README, configuration: MAP_SOURCES, TILES_*, TIANDITU_KEY.
 */
export const MAP_SOURCE_IDS = [
  'amap',
  'amapSatellite',
  'osm',
  'tianditu',
  'tiandituSatellite',
  'custom',
] as const;
export type MapSourceId = (typeof MAP_SOURCE_IDS)[number];

/** The coordinate system tiles are drawn in (Tianditu's CGCS2000 counts as WGS-84). */
export const MAP_CRS = ['wgs84', 'gcj02'] as const;
export type MapCrs = (typeof MAP_CRS)[number];
