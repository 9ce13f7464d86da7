import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { GeocodeCacheRepository } from '../../repositories/geocode-cache.repository.js';
import { AMapRegeoClient } from './amap-regeo-client.js';
import { AMapReverseGeocoder } from './amap-reverse-geocoder.js';
import { OfflineReverseGeocoder } from './offline-reverse-geocoder.js';
import type { ReverseGeocoder } from './reverse-geocoder.js';

/** AMap when AMAP_WEB_KEY is set (the offline districts when it fails), else offline only. */
export function createReverseGeocoder(
  config: Config,
  cache: GeocodeCacheRepository,
  logger: FastifyBaseLogger,
  clock: Clock = systemClock,
): ReverseGeocoder {
  const offline = new OfflineReverseGeocoder(logger);
  const { url, key, secret } = config.amap;
  if (!key) return offline;
  return new AMapReverseGeocoder(
    new AMapRegeoClient({ url, key, secret }),
    cache,
    offline,
    logger,
    clock,
  );
}
