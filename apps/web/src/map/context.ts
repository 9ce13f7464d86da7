import type { LatLon } from '@xunji/shared';
import type L from 'leaflet';
import { createContext, useContext, useMemo } from 'react';
import { fromMapCoords, toMapCoords } from './coords';
import type { TileStatus } from './tile-health';
import type { MapCrs, TileSource } from './tile-sources';
import type { ViewPadding } from './view-padding';

export interface MapContextValue {
  map: L.Map;
  /** The base map shown; its coordinate system is the map's. */
  source: TileSource;
  /** Whether its tiles show: the offline layers draw more while they do not. */
  tiles: TileStatus;
  /** What the page covers of the map: views are centred and fitted in the rest. */
  padding: ViewPadding;
}

export const MapContext = createContext<MapContextValue | null>(null);

function useMapContext(): MapContextValue {
  const value = useContext(MapContext);
  if (!value) throw new Error('Map layers must be rendered inside <MapView>');
  return value;
}

/** The Leaflet map of the enclosing <MapView>. */
export function useMap(): L.Map {
  return useMapContext().map;
}

export function useMapSource(): TileSource {
  return useMapContext().source;
}

export function useTileStatus(): TileStatus {
  return useMapContext().tiles;
}

export function useViewPadding(): ViewPadding {
  return useMapContext().padding;
}

export interface MapCoords {
  crs: MapCrs;
  /** A WGS-84 position as a Leaflet [lat, lng] of this map. */
  toMap(point: LatLon): L.LatLngTuple;
  /** A point of this map (a tap, the centre) as a WGS-84 position. */
  toWgs84(latLng: L.LatLng | L.LatLngTuple): LatLon;
}

export function mapCoords(crs: MapCrs): MapCoords {
  return {
    crs,
    toMap(point) {
      const { latitude, longitude } = toMapCoords(point, crs);
      return [latitude, longitude];
    },
    toWgs84(latLng) {
      const [latitude, longitude] = Array.isArray(latLng) ? latLng : [latLng.lat, latLng.lng];
      return fromMapCoords({ latitude, longitude }, crs);
    },
  };
}

/** Converts between WGS-84 (the app's positions) and the coordinates of the map's tiles. */
export function useMapCoords(): MapCoords {
  const { crs } = useMapSource();
  return useMemo(() => mapCoords(crs), [crs]);
}
