import type { LatLon } from '@xunji/shared';
import { toMapCoords } from '../../map/coords';

/**
 * Links that show a position in another map app (pure: no window, no Leaflet). Each vendor gets
 * the coordinate system it expects: AMap and Baidu GCJ-02 (told so with coordinate=gaode and
 * coord_type=gcj02), Apple, Google and the geo: URI WGS-84.
 */

export interface PlaceToOpen {
  /** Shown on the marker (the device's name). */
  name: string;
  address?: string | null;
  /** WGS-84 */
  wgs84: LatLon;
  /** GCJ-02 inside mainland China, WGS-84 elsewhere; computed from wgs84 when not given. */
  gcj02?: LatLon | null;
}

export const EXTERNAL_MAPS = ['amap', 'baidu', 'apple', 'google', 'geo'] as const;
export type ExternalMapId = (typeof EXTERNAL_MAPS)[number];

/** Six decimals: about 0.1 m, more than any fix is worth. */
const coord = (value: number): string => value.toFixed(6);

/** encodeURIComponent plus the characters it leaves alone but URI syntax may not: !'()* */
export const encodeText = (text: string): string =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const gcj02Of = (place: PlaceToOpen): LatLon => place.gcj02 ?? toMapCoords(place.wgs84, 'gcj02');

/** "lat,lon" in WGS-84 (what "copy coordinates" copies; Google and Apple read it as it is). */
export const coordinatesText = ({ latitude, longitude }: LatLon): string =>
  `${coord(latitude)},${coord(longitude)}`;

const BUILDERS: Record<ExternalMapId, (place: PlaceToOpen) => string> = {
  amap(place) {
    const { latitude, longitude } = gcj02Of(place);
    return (
      `https://uri.amap.com/marker?position=${coord(longitude)},${coord(latitude)}` +
      `&name=${encodeText(place.name)}&coordinate=gaode&callnative=1`
    );
  },
  baidu(place) {
    const { latitude, longitude } = gcj02Of(place);
    const content = place.address?.trim() || place.name;
    return (
      `https://api.map.baidu.com/marker?location=${coord(latitude)},${coord(longitude)}` +
      `&title=${encodeText(place.name)}&content=${encodeText(content)}` +
      '&coord_type=gcj02&output=html&src=xunji'
    );
  },
  apple({ wgs84, name }) {
    return `https://maps.apple.com/?ll=${coordinatesText(wgs84)}&q=${encodeText(name)}`;
  },
  google({ wgs84 }) {
    return `https://www.google.com/maps/search/?api=1&query=${coordinatesText(wgs84)}`;
  },
  /** RFC 5870 (WGS-84), with the label Android's map apps show: geo:lat,lon?q=lat,lon(name). */
  geo({ wgs84, name }) {
    const point = coordinatesText(wgs84);
    return `geo:${point}?q=${point}(${encodeText(name)})`;
  },
};

export function externalMapUrl(app: ExternalMapId, place: PlaceToOpen): string {
  return BUILDERS[app](place);
}

/**
 * The apps worth offering on this device: the geo: URI is Android's (an intent any map app may
 * take); elsewhere nothing handles it and desktop browsers only raise a dialog of their own.
 */
export function externalMapsFor(userAgent: string): ExternalMapId[] {
  const android = /Android/i.test(userAgent);
  return EXTERNAL_MAPS.filter((app) => android || app !== 'geo');
}
