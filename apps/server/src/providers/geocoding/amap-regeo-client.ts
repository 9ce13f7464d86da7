import { createHash } from 'node:crypto';
import type { LatLon } from '@xunji/shared';
import type { Address } from './reverse-geocoder.js';

export interface AMapOptions {
  /** `https://restapi.amap.com`, or a stand-in. */
  url: string;
  key: string;
  /** The key's digital-signature private key, when signing is switched on for the key. */
  secret?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class AMapError extends Error {}

/**
 * AMap's digital signature: md5 (hex) of every parameter, key included, sorted by name and
 * joined as `name=value` with `&`, the private key appended; unencoded, UTF-8.
 */
export function signAMap(params: Record<string, string>, secret: string): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${sorted}${secret}`, 'utf8').digest('hex');
}

interface RegeoAnswer {
  status?: string;
  info?: string;
  infocode?: string;
  regeocode?: {
    formatted_address?: unknown;
    addressComponent?: Partial<
      Record<'country' | 'province' | 'city' | 'district' | 'adcode', unknown>
    >;
  };
}

/** AMap gives [] for an empty field (the city of a municipality, for one). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** AMap Web Service reverse geocoding, `GET /v3/geocode/regeo`. */
export class AMapRegeoClient {
  constructor(private readonly options: AMapOptions) {}

  /** The address of a GCJ-02 point; null where AMap knows none. Throws when AMap does not answer. */
  async regeo({ latitude, longitude }: LatLon): Promise<Address | null> {
    const params: Record<string, string> = {
      key: this.options.key,
      location: `${longitude.toFixed(6)},${latitude.toFixed(6)}`,
      output: 'JSON',
    };
    const query = new URLSearchParams(params);
    if (this.options.secret) query.set('sig', signAMap(params, this.options.secret));
    const url = `${this.options.url.replace(/\/+$/, '')}/v3/geocode/regeo?${query}`;
    const response = await (this.options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
    });
    if (!response.ok) throw new AMapError(`AMap answered HTTP ${response.status}`);
    const answer = (await response.json()) as RegeoAnswer;
    if (answer.status !== '1') {
      throw new AMapError(`AMap refused: ${answer.infocode ?? '?'} ${answer.info ?? ''}`);
    }
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
