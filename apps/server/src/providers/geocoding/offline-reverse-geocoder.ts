import { inChina, wgs84ToGcj02, type Language, type LatLon } from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import { districtName } from '../../geo/district-names.js';
import { DistrictIndex, type DistrictHit, type DistrictUnit } from '../../geo/districts.js';
import { CHINA, type Address, type ReverseGeocoder } from './reverse-geocoder.js';

/** Their only city (北京城区 and the like) is left out of addresses, as AMap does. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/** The district from the bundled boundaries, read in the background on first use (about 1 s). */
export class OfflineReverseGeocoder implements ReverseGeocoder {
  private index: DistrictIndex | undefined;

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly file?: string,
  ) {}

  async reverse(point: LatLon, language: Language): Promise<Address | null> {
    if (!inChina(point)) return null;
    return addressAt(await this.districts(), point, language);
  }

  cached(point: LatLon, language: Language): Address | null | undefined {
    if (!inChina(point)) return null;
    if (this.index) return addressAt(this.index, point, language);
    this.districts().catch((error: unknown) =>
      this.logger.error({ err: error }, 'the district boundaries could not be read'),
    );
    return undefined;
  }

  private async districts(): Promise<DistrictIndex> {
    this.index ??= await DistrictIndex.load(this.file);
    return this.index;
  }
}

function addressAt(index: DistrictIndex, point: LatLon, language: Language): Address | null {
  const hit = index.locate(wgs84ToGcj02(point));
  return hit && addressOf(hit, language);
}

/**
 * "广东省广州市越秀区", "北京市东城区", "广东省东莞市", "香港特别行政区湾仔区", "台湾省"; in English
 * the other way round: "Yuexiu District, Guangzhou, Guangdong", "Dongcheng District, Beijing".
 */
function addressOf(hit: DistrictHit, language: Language): Address {
  const name = (unit: DistrictUnit | null) => (unit ? districtName(unit, language) : '');
  const province = name(hit.province);
  const city = MUNICIPALITIES.has(hit.province.adcode) ? '' : name(hit.city);
  const district = name(hit.district);
  const parts = [province, city, district];
  return {
    formattedAddress:
      language === 'en' ? parts.reverse().filter(Boolean).join(', ') : parts.join(''),
    country: CHINA[language],
    province,
    city,
    district,
    adcode: hit.adcode,
  };
}
