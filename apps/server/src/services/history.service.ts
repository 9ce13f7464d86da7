import {
  addDays,
  dayBounds,
  daysBetween,
  encodeStoredTrack,
  instantOf,
  localDate,
  type HistoryType,
  type Language,
  type LatLon,
  type StopoverItem,
  type StopoverPage,
  type StoredTrackColumns,
  type TrackInfo,
  type TripItem,
  type TripPage,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { TrackSegmentRow } from '../db/schema.js';
import { endOf, startOf, toStopoverItem, toTripItem } from '../history/history-view.js';
import { coverage, trackSummary, tripTotals } from '../history/segment-totals.js';
import type { SegmentUpdater } from '../history/segment-updater.js';
import type { TrackCache, TrackPoints } from '../history/track-cache.js';
import { JsonText, jsonText } from '../json-text.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import type { PositionRepository } from '../repositories/position.repository.js';
import type { SegmentRepository, SegmentWindow } from '../repositories/segment.repository.js';
import type { DeviceAccess } from './device-access.service.js';

interface WindowQuery {
  terminalId: number;
  startTime: string;
  endTime: string;
  timeZone: string;
}

interface PageQuery extends WindowQuery {
  page: number;
  limit: number;
}

interface DatesQuery {
  terminalId: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
  timeZone: string;
}

/** The days the date picker marks when the app names no range: the last month. */
const DEFAULT_DATE_SPAN = 30;
const MAX_DATE_SPAN = 367;

/** Spec §7: the track, the days with data, the trip and stopover reports. */
export class HistoryService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly positions: PositionRepository,
    private readonly segments: SegmentRepository,
    private readonly updater: SegmentUpdater,
    private readonly tracks: TrackCache,
    private readonly addresses: ReverseGeocoder,
    private readonly clock: Clock,
  ) {}

  /**
   * Every point of the range, with totals and the stopovers to mark on the map. The points come
   * from the track cache when it holds the range; the rest is made anew each time (a few rows).
   */
  async track(userId: number, query: WindowQuery): Promise<JsonText<TrackInfo>> {
    const deviceId = query.terminalId;
    const device = await this.access.requireInService(userId, deviceId, this.clock.now());
    const { start, end, since } = this.window(query, device.visibleFrom);
    await this.updater.update(deviceId);
    const [points, stops, trips, latest] = await Promise.all([
      this.tracks.get(deviceId, start, end, () => this.readPoints(deviceId, start, end)),
      this.segments.all({ deviceId, kind: 'stop', start, end, since }),
      this.segments.all({ deviceId, kind: 'trip', start, end, since }),
      this.latestFix(deviceId),
    ]);
    return jsonText<TrackInfo>({
      terminalId: deviceId,
      startTime: start,
      endTime: end,
      points: new JsonText(points.json),
      summary: trackSummary(trips, stops, start, end, points.maxSpeed),
      stopovers: stops.map((row) => toStopoverItem(row, null, isOngoing(row, latest))),
    });
  }

  /** The local days of a range with positions (track) or with trips or stopovers touching them. */
  async dates(userId: number, type: HistoryType, query: DatesQuery): Promise<string[]> {
    const deviceId = query.terminalId;
    const now = this.clock.now();
    const { visibleFrom: since } = await this.access.requireInService(userId, deviceId, now);
    const { timeZone } = query;
    const last = query.endDate ?? localDate(now, timeZone);
    const first = query.startDate ?? addDays(last, -DEFAULT_DATE_SPAN);
    // At most a year, the latest part of what was asked (only startDate may reach further back).
    const days = daysBetween(first, last).slice(-MAX_DATE_SPAN);
    if (days.length === 0) return [];
    const windows = days.map((day) => dayBounds(day, timeZone));
    if (type === 'track') {
      const found = await this.positions.hasPositionsIn(
        deviceId,
        windows.map(({ start, end }) => ({ start: Math.max(start, since), end })),
      );
      return days.filter((_, index) => found[index]);
    }
    await this.updater.update(deviceId);
    const from = windows[0]!.start;
    const to = windows[windows.length - 1]!.end;
    const kind = type === 'trip' ? 'trip' : 'stop';
    const marked = new Set<string>();
    for (const span of await this.segments.spans({ deviceId, kind, start: from, end: to, since })) {
      const lastInstant = Math.min(to - 1, Math.max(span.startTime, span.endTime - 1));
      const firstDay = localDate(Math.max(from, span.startTime), timeZone);
      for (let day = firstDay; day <= localDate(lastInstant, timeZone); day = addDays(day, 1))
        marked.add(day);
    }
    return days.filter((day) => marked.has(day));
  }

  /** A page of the range's trips, and the driving of all of them (the day's summary). */
  async trips(userId: number, query: PageQuery, language: Language): Promise<TripPage> {
    const window = await this.segmentWindow(userId, query, 'trip');
    const [{ rows, count }, all] = await Promise.all([
      this.segments.page(window, (query.page - 1) * query.limit, query.limit),
      this.segments.all(window),
    ]);
    const list = await Promise.all(rows.map((row) => this.tripItem(row, language)));
    return { list, count, totals: tripTotals(all, window.start, window.end) };
  }

  async stopovers(userId: number, query: PageQuery, language: Language): Promise<StopoverPage> {
    // The latest fix only decides `ongoing`: read alongside, it costs no round trip of its own.
    const [window, latest] = await Promise.all([
      this.segmentWindow(userId, query, 'stop'),
      this.latestFix(query.terminalId),
    ]);
    const { rows, count } = await this.segments.page(
      window,
      (query.page - 1) * query.limit,
      query.limit,
    );
    const list = await Promise.all(rows.map((row) => this.stopoverItem(row, language, latest)));
    return { list, count };
  }

  /**
   * The trip that now covers most of a trip seen before (its times from a link or a list shown
   * earlier): detection may have replaced that trip's row since, or merged or split it.
   */
  async tripAt(userId: number, query: WindowQuery, language: Language): Promise<TripItem | null> {
    const row = await this.segmentAt(userId, query, 'trip');
    return row ? this.tripItem(row, language) : null;
  }

  /** The stopover that now covers most of a stopover seen before. */
  async stopoverAt(
    userId: number,
    query: WindowQuery,
    language: Language,
  ): Promise<StopoverItem | null> {
    const [row, latest] = await Promise.all([
      this.segmentAt(userId, query, 'stop'),
      this.latestFix(query.terminalId),
    ]);
    return row ? this.stopoverItem(row, language, latest) : null;
  }

  private async segmentAt(userId: number, query: WindowQuery, kind: SegmentWindow['kind']) {
    const window = await this.segmentWindow(userId, query, kind);
    // A window of one instant still touches the segment around it.
    const { start } = window;
    const end = Math.max(window.end, start + 1);
    let best: TrackSegmentRow | undefined;
    for (const row of await this.segments.all({ ...window, end }))
      if (!best || coverage(row, start, end) > coverage(best, start, end)) best = row;
    return best ?? null;
  }

  private async tripItem(row: TrackSegmentRow, language: Language): Promise<TripItem> {
    const [from, to] = await Promise.all([
      this.addressOf(startOf(row), language),
      this.addressOf(endOf(row), language),
    ]);
    return toTripItem(row, from, to);
  }

  private async stopoverItem(
    row: TrackSegmentRow,
    language: Language,
    latest: number | undefined,
  ): Promise<StopoverItem> {
    return toStopoverItem(
      row,
      await this.addressOf(startOf(row), language),
      isOngoing(row, latest),
    );
  }

  /** After the access check: the device's segments of a kind in the query's range, up to date. */
  private async segmentWindow(
    userId: number,
    query: WindowQuery,
    kind: SegmentWindow['kind'],
  ): Promise<SegmentWindow & { start: number; end: number }> {
    const deviceId = query.terminalId;
    const device = await this.access.requireInService(userId, deviceId, this.clock.now());
    const { start, end, since } = this.window(query, device.visibleFrom);
    await this.updater.update(deviceId);
    return { deviceId, kind, start, end, since };
  }

  private async readPoints(deviceId: number, start: number, end: number): Promise<TrackPoints> {
    const stored = await this.positions.track(deviceId, start, end);
    return { json: JSON.stringify(encodeStoredTrack(stored)), maxSpeed: topSpeed(stored) };
  }

  /**
   * The query's range as instants (the contract has checked that both parse), starting no earlier
   * than the caller's binding: what came before belongs to someone else.
   */
  private window(query: WindowQuery, since: number) {
    const end = instantOf(query.endTime, query.timeZone)!;
    const start = Math.min(end, Math.max(since, instantOf(query.startTime, query.timeZone)!));
    return { start, end, since };
  }

  private latestFix(deviceId: number): Promise<number | undefined> {
    return this.positions.latestMotionFixTime(deviceId);
  }

  /** An address from the provider, or none when it cannot give one now. */
  private async addressOf(point: LatLon, language: Language): Promise<string | null> {
    try {
      return (await this.addresses.reverse(point, language))?.formattedAddress ?? null;
    } catch {
      return null;
    }
  }
}

/** km/h: the top speed of the valid GPS fixes (network fixes carry no real speed). */
function topSpeed({ speed, valid, lbsMode }: StoredTrackColumns): number {
  let max = 0;
  for (let i = 0; i < speed.length; i++)
    if (valid[i] === 1 && lbsMode[i] === 'gps' && speed[i]! > max) max = speed[i]!;
  return max;
}

/** The device is still at the stop: no fix stored after the stop's last one. */
function isOngoing(row: TrackSegmentRow, latestFix: number | undefined): boolean {
  return row.provisional === 0 && latestFix !== undefined && row.lastTime === latestFix;
}
