import { inChina, wgs84ToGcj02, type Language, type LatLon } from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../clock.js';
import type { GeocodeCacheRepository } from '../../repositories/geocode-cache.repository.js';
import type { AMapRegeoClient } from './amap-regeo-client.js';
import { LruCache } from './lru-cache.js';
import type { OfflineReverseGeocoder } from './offline-reverse-geocoder.js';
import { CHINA, type Address, type ReverseGeocoder } from './reverse-geocoder.js';

const RECENT_ENTRIES = 10_000;
const KEEP_MS = 30 * 24 * 3600_000;
/** After a failure (down, out of quota, over the rate limit) AMap rests this long. */
const PAUSE_MS = 60_000;

interface Known {
  address: Address | null;
  storedAt: number;
}

/**
 * AMap's answers, kept per point rounded to 4 decimals (about 11 m): the latest in memory, all of
 * them for 30 days in the database, so a restart does not spend the quota again. AMap answers in
 * Chinese whatever the language, so one answer serves both. When AMap fails the answer comes
 * from the offline districts; nothing is thrown to the caller.
 */
export class AMapReverseGeocoder implements ReverseGeocoder {
  private readonly recent = new LruCache<string, Known>(RECENT_ENTRIES);
  private readonly pending = new Map<string, Promise<Address | null | undefined>>();
  private pausedUntil = 0;

  constructor(
    private readonly amap: AMapRegeoClient,
    private readonly cache: GeocodeCacheRepository,
    private readonly offline: OfflineReverseGeocoder,
    private readonly logger: FastifyBaseLogger,
    private readonly clock: Clock = systemClock,
  ) {}

  async reverse(point: LatLon, language: Language): Promise<Address | null> {
    if (!inChina(point)) return null;
    let answer = this.fromMemory(point);
    if (answer === undefined) answer = await this.lookUp(point);
    return answer === undefined
      ? this.offline.reverse(point, language)
      : inLanguage(answer, language);
  }

  /** Memory, else the offline district while AMap is asked in the background. */
  cached(point: LatLon, language: Language): Address | null | undefined {
    if (!inChina(point)) return null;
    const answer = this.fromMemory(point);
    if (answer !== undefined) return inLanguage(answer, language);
    void this.lookUp(point);
    return this.offline.cached(point, language);
  }

  private fromMemory(point: LatLon): Address | null | undefined {
    const known = this.recent.get(keyOf(point));
    return known && known.storedAt >= this.clock.now() - KEEP_MS ? known.address : undefined;
  }

  /** The stored answer, else AMap's (one request per point at a time); undefined if AMap failed. */
  private lookUp(point: LatLon): Promise<Address | null | undefined> {
    const key = keyOf(point);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.ask(key, point).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async ask(key: string, point: LatLon): Promise<Address | null | undefined> {
    try {
      const stored = await this.cache.find(key, this.clock.now() - KEEP_MS);
      if (stored !== undefined) return this.remember(key, stored, this.clock.now());
      if (this.clock.now() < this.pausedUntil) return undefined;
      const address = await this.amap.regeo(wgs84ToGcj02(roundedPoint(point)));
      const now = this.clock.now();
      await this.cache.save(key, address, now);
      return this.remember(key, address, now);
    } catch (error) {
      if (this.clock.now() >= this.pausedUntil) {
        this.logger.warn({ err: error }, 'AMap regeo failed; offline addresses for a minute');
      }
      this.pausedUntil = this.clock.now() + PAUSE_MS;
      return undefined;
    }
  }

  private remember(key: string, address: Address | null, storedAt: number): Address | null {
    this.recent.set(key, { address, storedAt });
    return address;
  }
}

const round = (degrees: number): string => degrees.toFixed(4);

function keyOf({ latitude, longitude }: LatLon): string {
  return `amap:${round(longitude)},${round(latitude)}`;
}

function roundedPoint({ latitude, longitude }: LatLon): LatLon {
  return { latitude: Number(round(latitude)), longitude: Number(round(longitude)) };
}

function inLanguage(address: Address | null, language: Language): Address | null {
  return address?.country === CHINA['zh-CN'] ? { ...address, country: CHINA[language] } : address;
}
