import { distanceMetres, type LatLon, type PlacePage, type PlaceType } from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { LruCache } from '../providers/geocoding/lru-cache.js';
import type { AMapPlaceAround, FoundPlaces } from '../providers/places/amap-place-around.js';

export interface PlaceQuery {
  /** GCJ-02 [lon, lat], as the contract parses "lon,lat". */
  location: [number, number];
  types: PlaceType;
  radius: number;
  page: number;
  limit: number;
}

/** Searches start from the centre of a cell this many degrees wide (about 500 m of latitude). */
const CELL_DEG = 0.0045;
const KEEP_MS = 10 * 60_000;
const CACHED_SEARCHES = 2_000;

interface Kept {
  found: FoundPlaces;
  storedAt: number;
}

const cellCentre = (degrees: number): number =>
  Number(((Math.floor(degrees / CELL_DEG) + 0.5) * CELL_DEG).toFixed(6));

/**
 * Nearby petrol and charging stations. AMap is asked from the centre of the caller's ~500 m cell
 * and its answer kept for 10 minutes, so callers close together share one request; distances are
 * then measured from the caller's own point.
 */
export class PlaceService {
  private readonly searches = new LruCache<string, Kept>(CACHED_SEARCHES);

  constructor(
    private readonly amap: AMapPlaceAround | null,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get configured(): boolean {
    return this.amap !== null;
  }

  async around({
    location: [lon, lat],
    types,
    radius,
    page,
    limit,
  }: PlaceQuery): Promise<PlacePage> {
    const found = await this.search({
      center: { longitude: cellCentre(lon), latitude: cellCentre(lat) },
      type: types,
      radius,
      page,
      limit,
    });
    const here: LatLon = { longitude: lon, latitude: lat };
    const list = found.list
      .map((place) => ({
        ...place,
        distance: Math.round(distanceMetres(here, { longitude: place.lon, latitude: place.lat })),
      }))
      .sort((a, b) => a.distance - b.distance);
    return { list, count: found.count };
  }

  private async search(search: Parameters<AMapPlaceAround['search']>[0]): Promise<FoundPlaces> {
    if (!this.amap) throw new AppError('PLACES_NOT_CONFIGURED');
    const { center, type, radius, page, limit } = search;
    const key = `${center.longitude},${center.latitude}|${type}|${radius}|${page}|${limit}`;
    const kept = this.searches.get(key);
    if (kept && kept.storedAt > this.clock.now() - KEEP_MS) return kept.found;
    try {
      const found = await this.amap.search(search);
      this.searches.set(key, { found, storedAt: this.clock.now() });
      return found;
    } catch (error) {
      this.logger.warn({ err: error }, 'AMap place search failed');
      throw new AppError('PLACES_UNAVAILABLE');
    }
  }
}
