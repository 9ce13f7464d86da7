import { MAP_DEFAULT_ZOOM, type LatLon } from '@xunji/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { BoundariesLayer } from './BoundariesLayer';
import { MapContext, mapCoords } from './context';
import { useTileSource } from './current-source';
import { fitMap, type FitBoundsOptions } from './FlyTo';
import { createPanes } from './panes';
import type { TileStatus } from './tile-health';
import { TileLayer } from './TileLayer';
import type { TileSourceId } from './tile-sources';
import { TilesNotice } from './TilesNotice';
import { fitPadding, NO_PADDING, type ScreenSize, type ViewPadding } from './view-padding';
import './map.css';

/** Tiananmen, until the page knows better (a device, the user's position). */
const DEFAULT_CENTER: LatLon = { latitude: 39.9087, longitude: 116.3975 };

export interface MapViewProps {
  /** Initial centre, WGS-84 (later moves: useFlyTo / <FlyTo>). */
  center?: LatLon;
  /** Initial zoom, MAP_DEFAULT_ZOOM (16) by default. */
  zoom?: number;
  /**
   * Instead of centre and zoom, an initial view showing these WGS-84 positions, as <FitBounds>
   * would show them: the map starts where it is going and is drawn once.
   */
  bounds?: { points: readonly LatLon[] } & FitBoundsOptions;
  /** The base map; the user's stored choice (app store `mapSource`) by default. */
  source?: TileSourceId;
  /**
   * What the page covers of the map (bars, a card), CSS px: centring, following and fitting use
   * the rest, and the map's own notice, scale and attribution move in by it.
   */
  padding?: Partial<ViewPadding>;
  /** Leaflet's +/- buttons, bottom right; off by default (pinch and double tap zoom). */
  zoomControl?: boolean;
  className?: string;
  style?: CSSProperties;
  /**
   * Layers (components that render nothing) and overlays: children that do render DOM are placed
   * over the map, in a box of the map's size.
   */
  children?: ReactNode;
}

interface CreatedMap {
  map: L.Map;
  attribution: L.Control.Attribution;
}

/**
 * One Leaflet map filling its parent, with the offline boundaries and the chosen tile source
 * always under the layers given as children, which reach the map with useMap()/useMapCoords().
 * When the tiles cannot be loaded it says so once; a scale bar is always shown. Its element
 * carries the view for tests and tools: data-center (WGS-84 "lat,lon"), data-zoom, data-tiles.
 */
export function MapView({
  center = DEFAULT_CENTER,
  zoom = MAP_DEFAULT_ZOOM,
  bounds,
  source: sourceId,
  padding,
  zoomControl = false,
  className,
  style,
  children,
}: MapViewProps) {
  const source = useTileSource(sourceId);
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [created, setCreated] = useState<CreatedMap | null>(null);
  const [size, setSize] = useState<ScreenSize>({ width: 0, height: 0 });
  const [tiles, setTiles] = useState<TileStatus>('loading');
  // The initial view is read once, when the map is created.
  const initial = useRef({ center, zoom, bounds, crs: source.crs });

  const { top = 0, right = 0, bottom = 0, left = 0 } = padding ?? NO_PADDING;
  const fitted = useMemo(
    () => fitPadding({ top, right, bottom, left }, size),
    [top, right, bottom, left, size],
  );

  useEffect(() => {
    const element = containerRef.current!;
    const { center: start, zoom: startZoom, bounds: fit, crs } = initial.current;
    const coords = mapCoords(crs);
    const map = L.map(element, { zoomControl: false, attributionControl: false });
    if (fit && fit.points.length > 0) {
      const { points, ...options } = fit;
      fitMap(map, coords, points, { ...options, animate: false });
    } else map.setView(coords.toMap(start), startZoom, { animate: false });
    const attribution = L.control.attribution({ position: 'bottomright', prefix: false });
    attribution.addTo(map);
    L.control.scale({ position: 'bottomleft', imperial: false, maxWidth: 100 }).addTo(map);
    createPanes(map);
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        map.invalidateSize();
        const { x, y } = map.getSize();
        setSize((was) => (was.width === x && was.height === y ? was : { width: x, height: y }));
      });
    });
    observer.observe(element);
    setCreated({ map, attribution });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      map.remove();
      setCreated(null);
    };
  }, []);

  // Another coordinate system (AMap ⇄ OSM): the same place stays in the middle.
  const crsShown = useRef(source.crs);
  const map = created?.map;
  useEffect(() => {
    if (!map) return;
    map.setMaxZoom(source.maxZoom);
    if (crsShown.current === source.crs) return;
    const centre = mapCoords(crsShown.current).toWgs84(map.getCenter());
    crsShown.current = source.crs;
    map.setView(mapCoords(source.crs).toMap(centre), map.getZoom(), { animate: false });
  }, [map, source]);

  useEffect(() => {
    if (!map || !zoomControl) return;
    const control = L.control.zoom({ position: 'bottomright' }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map, zoomControl]);

  useEffect(() => {
    const root = rootRef.current;
    if (!map || !root) return;
    const describe = () => {
      const { latitude, longitude } = mapCoords(source.crs).toWgs84(map.getCenter());
      root.dataset.center = `${latitude.toFixed(6)},${longitude.toFixed(6)}`;
      root.dataset.zoom = String(map.getZoom());
    };
    describe();
    map.on('moveend', describe);
    return () => {
      map.off('moveend', describe);
    };
  }, [map, source.crs]);

  const context = useMemo(
    () => (map ? { map, source, tiles, padding: fitted } : null),
    [map, source, tiles, fitted],
  );

  const insets = {
    '--xj-map-inset-top': `${fitted.top}px`,
    '--xj-map-inset-right': `${fitted.right}px`,
    '--xj-map-inset-bottom': `${fitted.bottom}px`,
    '--xj-map-inset-left': `${fitted.left}px`,
  } as CSSProperties;

  return (
    <div
      ref={rootRef}
      className={className ? `xj-map ${className}` : 'xj-map'}
      style={{ ...insets, ...style }}
      data-tiles={tiles}
    >
      <div ref={containerRef} className="xj-map__leaflet" />
      {created && context && (
        <MapContext.Provider value={context}>
          <BoundariesLayer />
          <TileLayer
            map={created.map}
            source={source}
            attribution={created.attribution}
            onStatus={setTiles}
          />
          <TilesNotice failed={tiles === 'failed'} />
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
