import { MAP_DEFAULT_ZOOM, type LatLon } from '@xunji/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useAppStore } from '../stores/app';
import { MapContext, mapCoords } from './context';
import { OutlineLayer } from './OutlineLayer';
import { fitMap, type FitBoundsOptions } from './FlyTo';
import { createPanes } from './panes';
import { TileLayer } from './TileLayer';
import { tileSource, type TileSourceId } from './tile-sources';
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

/**
 * One Leaflet map filling its parent, with the offline China outline and the chosen tile source
 * always under the layers given as children, which reach the map with useMap()/useMapCoords().
 */
export function MapView({
  center = DEFAULT_CENTER,
  zoom = MAP_DEFAULT_ZOOM,
  bounds,
  source: sourceId,
  zoomControl = false,
  className,
  style,
  children,
}: MapViewProps) {
  const storedSource = useAppStore((state) => state.mapSource);
  const source = tileSource(sourceId ?? storedSource);
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // The initial view is read once, when the map is created.
  const initial = useRef({ center, zoom, bounds, crs: source.crs });

  useEffect(() => {
    const element = containerRef.current!;
    const { center: start, zoom: startZoom, bounds: fit, crs } = initial.current;
    const coords = mapCoords(crs);
    const created = L.map(element, { zoomControl: false, attributionControl: false });
    if (fit && fit.points.length > 0) {
      const { points, ...options } = fit;
      fitMap(created, coords, points, { ...options, animate: false });
    } else created.setView(coords.toMap(start), startZoom, { animate: false });
    L.control.attribution({ position: 'bottomright', prefix: false }).addTo(created);
    createPanes(created);
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => created.invalidateSize());
    });
    observer.observe(element);
    setMap(created);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      created.remove();
      setMap(null);
    };
  }, []);

  // Another coordinate system (AMap ⇄ OSM): the same place stays in the middle.
  const crsShown = useRef(source.crs);
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

  const context = useMemo(() => (map ? { map, source } : null), [map, source]);

  return (
    <div className={className ? `xj-map ${className}` : 'xj-map'} style={style}>
      <div ref={containerRef} className="xj-map__leaflet" />
      {context && (
        <MapContext.Provider value={context}>
          <OutlineLayer />
          <TileLayer source={source.id} />
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
