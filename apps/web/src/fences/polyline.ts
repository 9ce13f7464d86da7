import { gcj02ToWgs84, type LatLon } from '@xunji/shared';

/**
 * The rings of an AMap district outline ("lng,lat;lng,lat|lng,lat;…", GCJ-02) in WGS-84, the
 * app's coordinates (the map converts them back for GCJ-02 tiles). Malformed pairs are skipped.
 */
export function outlineRings(polyline: string | undefined): LatLon[][] {
  if (!polyline) return [];
  return polyline
    .split('|')
    .map((ring) =>
      ring.split(';').flatMap((pair) => {
        const [lng, lat] = pair.split(',').map(Number);
        if (lng === undefined || lat === undefined || !Number.isFinite(lng + lat)) return [];
        return [gcj02ToWgs84({ latitude: lat, longitude: lng })];
      }),
    )
    .filter((ring) => ring.length >= 3);
}
