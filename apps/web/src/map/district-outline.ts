import { routes, wgs84ToGcj02, type LatLon } from '@xunji/shared';
import { call } from '../api/call';
import { QUIET } from '../api/request';
import { outlineRings } from '../fences/polyline';

export interface DistrictOutline {
  adcode: string;
  /** WGS-84 rings, filled even-odd. */
  rings: LatLon[][];
}

const outlines = new Map<string, Promise<DistrictOutline>>();
/** Outlines kept (a district is 10-100 KB): the ones around where the user looks. */
const KEPT = 16;

function outlineOf(adcode: string): Promise<DistrictOutline> {
  let found = outlines.get(adcode);
  if (!found) {
    if (outlines.size >= KEPT) outlines.delete(outlines.keys().next().value!);
    found = call(
      routes.district,
      { query: { keywords: adcode, subdistrict: 0, extensions: 'all' } },
      // A missing boundary is no reason to interrupt the user.
      QUIET,
    ).then((answer) => ({ adcode, rings: outlineRings(answer.districts[0]?.polyline) }));
    found.catch(() => outlines.delete(adcode));
    outlines.set(adcode, found);
  }
  return found;
}

/**
 * The district a WGS-84 point is in, with its outline at the server's full detail (GET
 * /v2/map/geocode/regeo for its adcode, then /amap/config/district); null at sea or abroad.
 */
export async function districtAt(point: LatLon): Promise<DistrictOutline | null> {
  const { latitude, longitude } = wgs84ToGcj02(point);
  const place = await call(
    routes.regeo,
    { query: { location: `${longitude.toFixed(6)},${latitude.toFixed(6)}` } },
    QUIET,
  );
  return place?.adcode ? outlineOf(place.adcode) : null;
}
