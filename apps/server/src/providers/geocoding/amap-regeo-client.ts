import type { LatLon } from '@xunji/shared';
import { amapText as text, getAMap, type AMapOptions } from '../amap/amap-web-service.js';
import type { Address } from './reverse-geocoder.js';

interface RegeoAnswer {
  regeocode?: {
    formatted_address?: unknown;
    addressComponent?: Partial<
      Record<'country' | 'province' | 'city' | 'district' | 'adcode', unknown>
    >;
  };
}

/** AMap Web Service reverse geocoding, `GET /v3/geocode/regeo`. */
export class AMapRegeoClient {
  constructor(private readonly options: AMapOptions) {}

  /** The address of a GCJ-02 point; null where AMap knows none. Throws when AMap does not answer. */
  async regeo({ latitude, longitude }: LatLon): Promise<Address | null> {
    const answer = await getAMap<RegeoAnswer>(this.options, '/v3/geocode/regeo', {
      location: `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
    });
    const formattedAddress = text(answer.regeocode?.formatted_address);
    if (!formattedAddress) return null;
    const component = answer.regeocode?.addressComponent ?? {};
    return {
      formattedAddress,
      country: text(component.country),
      province: text(component.province),
      city: text(component.city),
      district: text(component.district),
      adcode: text(component.adcode) || null,
    };
  }
}
