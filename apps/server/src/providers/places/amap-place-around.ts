import type { LatLon, Place, PlaceType } from '@xunji/shared';
import { amapText, getAMap, type AMapOptions } from '../amap/amap-web-service.js';
import type { Config } from '../../config.js';

/** AMap's POI type codes (its POI classification table): 加油站 and 充电站 with their kinds. */
const TYPE_CODES: Record<PlaceType, string> = { fuel: '010100', charging: '011100' };

export interface PlaceSearch {
  /** GCJ-02 */
  center: LatLon;
  type: PlaceType;
  radius: number;
  page: number;
  limit: number;
}

export interface FoundPlaces {
  list: Place[];
  count: number;
}

interface AroundAnswer {
  count?: string;
  pois?: Partial<Record<'id' | 'name' | 'address' | 'location' | 'tel' | 'distance', unknown>>[];
}

/** AMap Web Service place around search, `GET /v3/place/around`, nearest first. */
export class AMapPlaceAround {
  constructor(private readonly options: AMapOptions) {}

  /** Throws when AMap does not answer or refuses. */
  async search({ center, type, radius, page, limit }: PlaceSearch): Promise<FoundPlaces> {
    const answer = await getAMap<AroundAnswer>(this.options, '/v3/place/around', {
      location: `${center.longitude.toFixed(6)},${center.latitude.toFixed(6)}`,
      types: TYPE_CODES[type],
      radius: String(radius),
      sortrule: 'distance',
      offset: String(limit),
      page: String(page),
      extensions: 'base',
    });
    const list = (answer.pois ?? []).flatMap((poi): Place[] => {
      const [lon, lat] = amapText(poi.location).split(',').map(Number);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [];
      return [
        {
          id: amapText(poi.id),
          name: amapText(poi.name),
          address: amapText(poi.address),
          lon: lon!,
          lat: lat!,
          distance: Math.round(Number(amapText(poi.distance)) || 0),
          tel: amapText(poi.tel),
          type,
        },
      ];
    });
    return { list, count: Number(answer.count) || list.length };
  }
}

/** The place search of the configured AMap key; null without one. */
export function amapPlaceAround({ url, key, secret }: Config['amap']): AMapPlaceAround | null {
  return key ? new AMapPlaceAround({ url, key, secret }) : null;
}
