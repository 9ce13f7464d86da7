/**
 * The base maps the user can choose from. No Leaflet here: the map-type button of a page (and
 * the app store) may import this file without loading the map.
 *
 * Self-hosted tile servers replace the public URLs at build time (Leaflet URL templates, `{s}`
 * optional):
 *   VITE_TILES_AMAP             AMap normal map (GCJ-02)
 *   VITE_TILES_AMAP_SATELLITE   AMap satellite imagery (GCJ-02)
 *   VITE_TILES_OSM              OpenStreetMap (WGS-84)
 */

/** The coordinate system a map's tiles are drawn in. */
export type MapCrs = 'gcj02' | 'wgs84';

export const TILE_SOURCE_IDS = ['amap', 'amapSatellite', 'osm', 'none'] as const;
export type TileSourceId = (typeof TILE_SOURCE_IDS)[number];

export interface TileSource {
  id: TileSourceId;
  /** i18n key of the source's name (for the page's map-type button). */
  labelKey: `map.source.${TileSourceId}`;
  crs: MapCrs;
  /** Leaflet URL template; null for the offline base map (outlines only). */
  url: string | null;
  subdomains: string;
  maxZoom: number;
  /** i18n key of the attribution shown in the corner. */
  attributionKey: 'map.attribution.amap' | 'map.attribution.osm' | null;
}

const env = import.meta.env;
const configured = (value: string | undefined): string | undefined => value?.trim() || undefined;

export const TILE_SOURCES: readonly TileSource[] = [
  {
    id: 'amap',
    labelKey: 'map.source.amap',
    crs: 'gcj02',
    url:
      configured(env.VITE_TILES_AMAP) ??
      'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    subdomains: '1234',
    maxZoom: 18,
    attributionKey: 'map.attribution.amap',
  },
  {
    id: 'amapSatellite',
    labelKey: 'map.source.amapSatellite',
    crs: 'gcj02',
    url:
      configured(env.VITE_TILES_AMAP_SATELLITE) ??
      'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
    subdomains: '1234',
    maxZoom: 18,
    attributionKey: 'map.attribution.amap',
  },
  {
    id: 'osm',
    labelKey: 'map.source.osm',
    crs: 'wgs84',
    url: configured(env.VITE_TILES_OSM) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    subdomains: 'abc',
    maxZoom: 19,
    attributionKey: 'map.attribution.osm',
  },
  {
    id: 'none',
    labelKey: 'map.source.none',
    crs: 'wgs84',
    url: null,
    subdomains: '',
    maxZoom: 18,
    attributionKey: null,
  },
];

export const DEFAULT_TILE_SOURCE: TileSourceId = 'amap';

/** The source of an id; an unknown id (an older stored choice) falls back to the default. */
export function tileSource(id: string | null | undefined): TileSource {
  return (
    TILE_SOURCES.find((source) => source.id === id) ??
    TILE_SOURCES.find((source) => source.id === DEFAULT_TILE_SOURCE)!
  );
}
