import type { LatLon } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useAccountStore } from '../stores/account';
import { useMap, useMapCoords, useTileStatus } from './context';
import { districtAt, type DistrictOutline } from './district-outline';
import { loadCityBorders, loadDistrictBorders } from './outline';
import { OutlineLayer } from './OutlineLayer';
import { PANES } from './panes';
import { insideRings } from './rings';
import { useMapZoom } from './useMapZoom';

/** City borders from this zoom (below it they crowd the provinces)… */
const CITY_ZOOM = 6;
/** …and those of districts from this one… */
const DISTRICTS_ZOOM = 9;
/** …to this one, where the simplified lines (0.5-1 km) would stray: the outline of the district
 * in view, at full detail, takes over. */
const CLOSE_ZOOM = 12;

const CITY_STYLE: L.PolylineOptions = {
  color: '#98a2ad',
  weight: 1.2,
  dashArray: '6 3',
  interactive: false,
};

const DISTRICT_LINE_STYLE: L.PolylineOptions = {
  color: '#b9c0c7',
  weight: 1,
  dashArray: '2 3',
  interactive: false,
};

const DISTRICT_STYLE: L.PolylineOptions = {
  color: '#7d8a97',
  weight: 2,
  fill: false,
  interactive: false,
};

/** Lines over the outline's land, under the tiles (which cover them once they load). */
function useBorderLines(lines: LatLon[][] | null, style: L.PolylineOptions, polygon = false) {
  const map = useMap();
  const coords = useMapCoords();
  useEffect(() => {
    if (!lines) return;
    const renderer = L.canvas({ pane: PANES.borders.name, padding: 0.5 });
    const points = lines.map((line) => line.map((point) => coords.toMap(point)));
    const options = { ...style, renderer, pane: PANES.borders.name };
    const layer = (polygon ? L.polygon(points, options) : L.polyline(points, options)).addTo(map);
    return () => {
      layer.remove();
      renderer.remove();
    };
  }, [map, coords, lines, style, polygon]);
}

/** The borders of one level from the app's own files (public/map). */
function BorderLines({
  load,
  style,
}: {
  load: () => Promise<LatLon[][]>;
  style: L.PolylineOptions;
}) {
  const [lines, setLines] = useState<LatLon[][] | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => {
        if (current) setLines(loaded);
      },
      (error: unknown) => console.warn('Offline borders not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [load]);
  useBorderLines(lines, style);
  return null;
}

/** The outline of the district in the middle of the map, asked for again once it is left. */
function DistrictOutlineLayer() {
  const map = useMap();
  const coords = useMapCoords();
  const [district, setDistrict] = useState<DistrictOutline | null>(null);
  useEffect(() => {
    let shown: DistrictOutline | null = null;
    let asking = false;
    let current = true;
    const look = () => {
      const centre = coords.toWgs84(map.getCenter());
      if (asking || (shown && insideRings(centre, shown.rings))) return;
      asking = true;
      districtAt(centre)
        .then((found) => {
          if (!current || !found) return;
          shown = found;
          setDistrict(found);
        })
        .catch(() => undefined)
        .finally(() => (asking = false));
    };
    look();
    map.on('moveend', look);
    return () => {
      current = false;
      map.off('moveend', look);
    };
  }, [map, coords]);
  useBorderLines(district?.rings ?? null, DISTRICT_STYLE, true);
  return null;
}

/**
 * The offline boundaries under the tiles: the provinces always (land and coast), and while
 * there are no tiles (none chosen, or they fail) the borders of cities and then of districts at
 * middle zooms and, close up, the outline of the district in view (a signed-in user's: the
 * server draws it).
 */
export function BoundariesLayer() {
  const tiles = useTileStatus();
  const zoom = useMapZoom();
  const signedIn = useAccountStore((state) => state.isAuthenticated);
  const bare = tiles === 'none' || tiles === 'failed';
  const middle = bare && zoom < CLOSE_ZOOM;
  return (
    <>
      <OutlineLayer />
      {middle && zoom >= CITY_ZOOM && <BorderLines load={loadCityBorders} style={CITY_STYLE} />}
      {middle && zoom >= DISTRICTS_ZOOM && (
        <BorderLines load={loadDistrictBorders} style={DISTRICT_LINE_STYLE} />
      )}
      {bare && zoom >= CLOSE_ZOOM && signedIn && <DistrictOutlineLayer />}
    </>
  );
}
