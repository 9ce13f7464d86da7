import type { Language, MapCrs, MapSettings, MapSourceId } from '@xunji/shared';

/**
 * The base maps: each public provider's tiles, replaced or joined by what the operator configured
 * (the server's MapSettings, README: MAP_SOURCES, TILES_*, TIANDITU_KEY). No Leaflet and no store
 * here: the app store and the map-type button may import this file without loading the map.
 */

export type { MapCrs } from '@xunji/shared';

/** The offered sources, and 'none': the offline base map (outlines only), always offered. */
export type TileSourceId = MapSourceId | 'none';

/** One raster layer: a Leaflet URL template and the values of its {s}. */
export interface TileLayerSpec {
  url: string;
  subdomains: string;
}

type AttributionKey = 'map.attribution.amap' | 'map.attribution.osm' | 'map.attribution.tianditu';

/** Words of the app (an i18n key) or the operator's own. */
export type SourceText = { key: `map.source.${TileSourceId}` | AttributionKey } | { text: string };

export interface TileSource {
  id: TileSourceId;
  /** Its name on the map-type button and in its sheet. */
  name: SourceText;
  crs: MapCrs;
  /** Drawn in this order (Tianditu: the map, then its labels); none for the offline base map. */
  layers: TileLayerSpec[];
  maxZoom: number;
  /** Shown in the corner once a tile of it has loaded. */
  attribution: SourceText | null;
}

/** What the app offers before the server has said (a first launch) and against an older server. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  sources: ['amap', 'amapSatellite', 'osm'],
  mirrors: { amap: null, amapSatellite: null, osm: null },
  tiandituKey: null,
  custom: null,
};

const AMAP_SUBDOMAINS = '1234';

/** Tianditu's Web Mercator WMTS layer (vec, img, or their labels cva/cia, eva/eia in English). */
const tianditu = (layer: string, key: string): TileLayerSpec => ({
  url:
    `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
    `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}` +
    `&TILECOL={x}&tk=${encodeURIComponent(key)}`,
  subdomains: '01234567',
});

const OFFLINE: TileSource = {
  id: 'none',
  name: { key: 'map.source.none' },
  crs: 'wgs84',
  layers: [],
  maxZoom: 18,
  attribution: null,
};

/** The source of an id as configured; null when the configuration cannot draw it. */
function sourceOf(id: MapSourceId, settings: MapSettings, language: Language): TileSource | null {
  const { mirrors, tiandituKey, custom } = settings;
  const english = language === 'en';
  switch (id) {
    case 'amap':
      return {
        id,
        name: { key: 'map.source.amap' },
        crs: 'gcj02',
        layers: [
          {
            url:
              mirrors.amap ??
              'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
            subdomains: AMAP_SUBDOMAINS,
          },
        ],
        maxZoom: 18,
        attribution: { key: 'map.attribution.amap' },
      };
    case 'amapSatellite':
      return {
        id,
        name: { key: 'map.source.amapSatellite' },
        crs: 'gcj02',
        layers: [
          {
            url:
              mirrors.amapSatellite ??
              'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
            subdomains: AMAP_SUBDOMAINS,
          },
        ],
        maxZoom: 18,
        attribution: { key: 'map.attribution.amap' },
      };
    case 'osm':
      return {
        id,
        name: { key: 'map.source.osm' },
        crs: 'wgs84',
        layers: [
          {
            url: mirrors.osm ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
            subdomains: 'abc',
          },
        ],
        maxZoom: 19,
        attribution: { key: 'map.attribution.osm' },
      };
    case 'tianditu':
    case 'tiandituSatellite': {
      if (!tiandituKey) return null;
      const [base, labels] =
        id === 'tianditu' ? ['vec', english ? 'eva' : 'cva'] : ['img', english ? 'eia' : 'cia'];
      return {
        id,
        name: { key: `map.source.${id}` },
        // CGCS2000 differs from WGS-84 by centimetres.
        crs: 'wgs84',
        layers: [tianditu(base, tiandituKey), tianditu(labels, tiandituKey)],
        maxZoom: 18,
        attribution: { key: 'map.attribution.tianditu' },
      };
    }
    case 'custom':
      if (!custom) return null;
      return {
        id,
        name: custom.name ? { text: custom.name } : { key: 'map.source.custom' },
        crs: custom.crs,
        layers: [{ url: custom.url, subdomains: 'abc' }],
        maxZoom: custom.maxZoom,
        attribution: custom.attribution ? { text: custom.attribution } : null,
      };
  }
}

/** The sources the map-type button offers, in the operator's order, then the offline map. */
export function offeredSources(settings: MapSettings, language: Language): TileSource[] {
  return [...settings.sources.flatMap((id) => sourceOf(id, settings, language) ?? []), OFFLINE];
}

/**
 * The source to draw for the user's choice: the chosen one while it is offered, else the
 * operator's first (a choice from before the configuration changed, or none yet).
 */
export function chosenSource(
  choice: string | null | undefined,
  settings: MapSettings,
  language: Language,
): TileSource {
  const offered = offeredSources(settings, language);
  return offered.find((source) => source.id === choice) ?? offered[0]!;
}
