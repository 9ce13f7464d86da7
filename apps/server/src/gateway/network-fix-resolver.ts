import type { LbsMode, Position } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type {
  GeolocationAnswer,
  GeolocationProvider,
  NetworkObservation,
} from '../providers/geolocation/geolocation-provider.js';
import type { NetworkFixRepository } from '../repositories/network-fix.repository.js';
import type { GatewayEvent, GatewayEvents } from './gateway-events.js';
import type { Pipeline } from './pipeline.js';

type NetworkFixEvent = Extract<GatewayEvent, { type: 'networkFix' }>;

const IN_FLIGHT = 4;
/** Beyond this many waiting fixes, new ones stay unresolved (counted): the provider is behind. */
const MAX_WAITING = 1000;
const CACHE_ENTRIES = 10_000;
const CACHE_MS = 24 * 3600_000;

const modeOf = ({ cells, wifi }: NetworkObservation): LbsMode =>
  wifi.length > 0 ? (cells.length > 0 ? 'mixed' : 'wifi') : 'lbs';

/** The same cells and access points, in any order, ask the provider once a day. */
const keyOf = ({ cells, wifi }: NetworkObservation): string =>
  [
    ...cells.map((c) => `${c.mcc}:${c.mnc}:${c.lac}:${c.cellId}`).sort(),
    ...wifi.map((ap) => ap.mac).sort(),
  ].join(',');

/**
 * Resolves stored network fixes (cells, Wi-Fi) through a geolocation provider, off the ingest
 * path: the answer is kept on the fix and enters the pipeline as a position flagged by its
 * lbsMode (not a GPS fix, so it never counts as valid GPS).
 */
export class NetworkFixResolver {
  readonly stats = { resolved: 0, unknown: 0, failed: 0, dropped: 0, cached: 0 };
  private readonly waiting: NetworkFixEvent[] = [];
  private readonly cache = new Map<string, { answer?: GeolocationAnswer; until: number }>();
  private inFlight = 0;

  constructor(
    private readonly provider: GeolocationProvider,
    private readonly pipeline: Pipeline,
    private readonly fixes: NetworkFixRepository,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Listens for network fixes; answers the function that stops listening. */
  attach(events: GatewayEvents): () => void {
    return events.subscribe((event) => {
      if (event.type !== 'networkFix') return;
      if (event.cells.length === 0 && event.wifi.length === 0) return;
      if (this.waiting.length >= MAX_WAITING) this.stats.dropped++;
      else this.waiting.push(event);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      this.inFlight++;
      void this.resolve(this.waiting.shift()!).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async resolve(fix: NetworkFixEvent): Promise<void> {
    try {
      const answer = await this.locate(fix);
      if (!answer) {
        this.stats.unknown++;
        return;
      }
      await this.fixes.resolve(fix.deviceId, fix.fixTime, answer, this.clock.now());
      const position: Position = {
        fixTime: fix.fixTime,
        valid: false,
        latitude: answer.latitude,
        longitude: answer.longitude,
        speedKmh: 0,
        course: 0,
        lbsMode: modeOf(fix),
        ...(fix.cells.length > 0 ? { cells: fix.cells } : {}),
        ...(fix.wifi.length > 0 ? { wifi: fix.wifi } : {}),
      };
      await this.pipeline.handle(fix.deviceId, [{ type: 'position', position }]);
      this.stats.resolved++;
    } catch (error) {
      this.stats.failed++;
      this.logger.warn({ err: error, provider: this.provider.name }, 'network fix not resolved');
    }
  }

  private async locate(fix: NetworkFixEvent): Promise<GeolocationAnswer | undefined> {
    const key = keyOf(fix);
    const now = this.clock.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) {
      this.stats.cached++;
      return cached.answer;
    }
    const answer = await this.provider.locate(fix);
    this.cache.delete(key);
    this.cache.set(key, { ...(answer ? { answer } : {}), until: now + CACHE_MS });
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return answer;
  }
}
