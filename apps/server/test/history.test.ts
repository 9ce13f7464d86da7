import {
  Codes,
  decodeTrack,
  type StopoverItem,
  type StopoverPage,
  type TrackInfo,
  type TripItem,
  type TripPage,
} from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSegments, type MotionPoint } from '../src/history/segment-detector.js';
import { DEFAULT_SEGMENT_RULES } from '../src/history/segment-rules.js';
import { testDialects } from './support/databases.js';
import { ownedDevices, startTestServer, type TestServer } from './support/test-server.js';
import { TrackBuilder } from './support/track-builder.js';

/** 2026-11-20 08:00 in Shanghai. */
const MORNING = Date.UTC(2026, 10, 20, 0, 0);
const DAY_QUERY = 'startTime=2026-11-20%2000:00:00&endTime=2026-11-20%2023:59:59';

/** Parked, a 5 km drive, parked, a 3 km drive, parked. */
function commute(start = MORNING): MotionPoint[] {
  return new TrackBuilder(start)
    .park(600, { acc: false })
    .drive(5000, 40, { acc: true })
    .park(900, { acc: false })
    .drive(3000, 30, { acc: true, north: true })
    .park(600, { acc: false }).points;
}

describe.each(testDialects())('history on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const ownedDevice = ownedDevices(() => server, '87', '136');

  /** Stores fixes as the gateway does (or another process sharing the database). */
  async function commit(deviceId: number, points: MotionPoint[], late = false) {
    await server.repositories.positions.commitBatch({
      positions: points.map((p) => ({
        deviceId,
        fixTime: p.time,
        serverTime: p.time,
        valid: 1,
        latitude: p.latitude,
        longitude: p.longitude,
        altitude: null,
        speed: p.speed,
        course: 90,
        lbsMode: 'gps',
        satellites: 9,
        battery: 80,
        acc: p.acc === null ? null : p.acc ? 1 : 0,
        mileage: null,
        reupload: late ? 1 : 0,
        attributes: null,
      })),
      states: [],
      frames: [],
      networkFixes: [],
    });
  }

  /** Stores fixes and publishes the gateway's event for them. */
  async function store(deviceId: number, points: MotionPoint[], late = false) {
    await commit(deviceId, points, late);
    const times = points.map((p) => p.time);
    const span = { from: Math.min(...times), to: Math.max(...times) };
    server.events.publish(
      late
        ? { type: 'stored', deviceId, ...span, lateFrom: span.from }
        : { type: 'stored', deviceId, ...span },
    );
  }

  const get = <T>(token: string, path: string) =>
    server.call<T>('GET', path, { token }).then((r) => r.body);

  it('reports the trips and stopovers of a day with addresses and their numbers', async () => {
    const { deviceId, token } = await ownedDevice();
    await store(deviceId, commute());
    const trips = await get<TripPage>(
      token,
      `/v2/trip/trip/page?terminalId=${deviceId}&page=1&limit=20&${DAY_QUERY}`,
    );
    expect(trips.code).toBe(0);
    expect(trips.data.count).toBe(2);
    const [first, second] = trips.data.list;
    expect(first!.distance).toBeGreaterThan(4900);
    expect(first!.distance).toBeLessThan(5100);
    expect(first!.maxSpeed).toBe(40);
    expect(first!.averageSpeed).toBeGreaterThan(30);
    expect(first!.averageSpeed).toBeLessThanOrEqual(40);
    expect(first!.duration).toBe((first!.endTime - first!.startTime) / 1000);
    expect(first!.startAddress).toContain('上海');
    expect(first!.endAddress).toContain('上海');
    expect(first!.startLonWGS84).toBeCloseTo(121.4705, 3);
    // GCJ-02 for the map, shifted by a few hundred metres in mainland China.
    expect(Math.abs(first!.startLon - first!.startLonWGS84)).toBeGreaterThan(0.001);
    expect(second!.startTime).toBeGreaterThan(first!.endTime);

    const stops = await get<StopoverPage>(
      token,
      `/v2/trip/stopover/page?terminalId=${deviceId}&${DAY_QUERY}`,
    );
    expect(stops.data.count).toBe(3);
    expect(stops.data.list.map((s) => s.duration)).toEqual([590, 890, 590]);
    expect(stops.data.list[0]!.address).toContain('上海');
    expect(stops.data.list.map((s) => s.ongoing)).toEqual([false, false, true]);

    const page2 = await get<StopoverPage>(
      token,
      `/v2/trip/stopover/page?terminalId=${deviceId}&page=2&limit=2&${DAY_QUERY}`,
    );
    expect(page2.data).toMatchObject({ count: 3, list: [{ id: stops.data.list[2]!.id }] });
    const pastTheEnd = await get<StopoverPage>(
      token,
      `/v2/trip/stopover/page?terminalId=${deviceId}&page=3&limit=2&${DAY_QUERY}`,
    );
    expect(pastTheEnd.data).toEqual({ count: 3, list: [] });
  });

  it('sends the track as columns, with totals and stopovers', async () => {
    const { deviceId, token } = await ownedDevice();
    const points = commute();
    await store(deviceId, points);
    const track = await get<TrackInfo>(token, `/v2/track/info?terminalId=${deviceId}&${DAY_QUERY}`);
    expect(track.code).toBe(0);
    const columns = decodeTrack(track.data.points);
    expect(columns.count).toBe(points.length);
    expect(columns.time[0]).toBe(points[0]!.time);
    expect(columns.latitude[10]).toBeCloseTo(points[10]!.latitude, 6);
    expect(columns.speed[100]).toBe(points[100]!.speed);
    expect(track.data.summary.distance).toBeGreaterThan(7800);
    expect(track.data.summary.distance).toBeLessThan(8200);
    expect(track.data.summary.maxSpeed).toBe(40);
    expect(track.data.summary.movingTime).toBeGreaterThan(700);
    expect(track.data.summary.stoppedTime).toBe(590 + 890 + 590);
    expect(track.data.stopovers).toHaveLength(3);

    const none = await get<TrackInfo>(
      token,
      `/v2/track/info?terminalId=${deviceId}&startTime=2026-11-21%2000:00:00&endTime=2026-11-21%2023:59:59`,
    );
    expect(none.data.points.count).toBe(0);
    expect(none.data.summary).toMatchObject({ distance: 0, movingTime: 0 });
  });

  it('keeps a day’s points but makes its totals and stopovers anew', async () => {
    const { deviceId, token } = await ownedDevice();
    const points = commute();
    await store(deviceId, points);
    const url = `/v2/track/info?terminalId=${deviceId}&${DAY_QUERY}`;
    const before = await get<TrackInfo>(token, url);
    expect(before.data.stopovers.at(-1)!.ongoing).toBe(true);
    const { stats } = server.services.trackCache;
    const reads = stats.reads;
    // The next day, far away: the day's last stop ends there and is no longer going on.
    const last = points.at(-1)!;
    await store(deviceId, [
      { ...last, time: last.time + 86_400_000, latitude: last.latitude + 0.1 },
    ]);
    const after = await get<TrackInfo>(token, url);
    expect(stats.reads).toBe(reads);
    expect(after.data.points).toEqual(before.data.points);
    expect(after.data.stopovers.at(-1)!.ongoing).toBe(false);
    expect(after.data.summary.stoppedTime).toBeGreaterThan(before.data.summary.stoppedTime);
  });

  it('shows positions stored without an event (another process) once the cache time is over', async () => {
    const { deviceId, token } = await ownedDevice();
    const points = commute();
    await store(deviceId, points.slice(0, -1));
    const count = () =>
      get<TrackInfo>(token, `/v2/track/info?terminalId=${deviceId}&${DAY_QUERY}`).then(
        (body) => body.data.points.count,
      );
    expect(await count()).toBe(points.length - 1);
    await commit(deviceId, points.slice(-1));
    expect(await count()).toBe(points.length - 1);
    server.clock.advance(60_000); // TRACK_CACHE_TTL_S
    expect(await count()).toBe(points.length);
  });

  it('puts a trip over midnight in both days, whole', async () => {
    const { deviceId, token } = await ownedDevice();
    // 23:40 on 2026-11-21 in Shanghai: parked, 20 km into the next day, parked.
    const start = Date.UTC(2026, 10, 21, 15, 40);
    await store(deviceId, new TrackBuilder(start).park(300).drive(20_000, 50).park(600).points);
    const day = (date: string) =>
      get<TripPage>(
        token,
        `/v2/trip/trip/page?terminalId=${deviceId}&startTime=${date}%2000:00:00&endTime=${date}%2023:59:59`,
      ).then((body) => body.data.list);
    const [late] = await day('2026-11-21');
    const [early] = await day('2026-11-22');
    expect(late).toBeDefined();
    expect(early).toEqual(late);
    expect(late!.startTime).toBeLessThan(Date.UTC(2026, 10, 21, 16));
    expect(late!.endTime).toBeGreaterThan(Date.UTC(2026, 10, 21, 16));
    const dates = await get<string[]>(
      token,
      `/trip/dates?terminalId=${deviceId}&startDate=2026-11-15&endDate=2026-11-25`,
    );
    expect(dates.data).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('names the days with data in the user’s time zone', async () => {
    const { deviceId, token } = await ownedDevice();
    // 08:00-09:00 in Shanghai on the 20th is the evening of the 19th in Los Angeles.
    await store(deviceId, commute());
    const range = `terminalId=${deviceId}&startDate=2026-11-01&endDate=2026-11-30`;
    const inShanghai = await get<string[]>(token, `/track/dates?${range}`);
    expect(inShanghai.data).toEqual(['2026-11-20']);
    const inLosAngeles = await get<string[]>(
      token,
      `/track/dates?${range}&timeZone=America/Los_Angeles`,
    );
    expect(inLosAngeles.data).toEqual(['2026-11-19']);
    const stopDays = await get<string[]>(
      token,
      `/stopover/dates?${range}&timeZone=America/Los_Angeles`,
    );
    expect(stopDays.data).toEqual(['2026-11-19']);
    const nothing = await get<string[]>(
      token,
      `/trip/dates?terminalId=${deviceId}&startDate=2026-10-01&endDate=2026-10-31`,
    );
    expect(nothing.data).toEqual([]);
  });

  it('detects the whole day again when re-uploaded fixes arrive late', async () => {
    const { deviceId, token } = await ownedDevice();
    const points = commute();
    // The device lost its signal for the middle of the day and sent those fixes afterwards.
    const gap = points.slice(60, 200);
    await store(deviceId, [...points.slice(0, 60), ...points.slice(200)]);
    const tripsUrl = `/v2/trip/trip/page?terminalId=${deviceId}&${DAY_QUERY}`;
    const before = await get<TripPage>(token, tripsUrl);
    await store(deviceId, gap.slice(70), true);
    await store(deviceId, gap.slice(0, 70), true);
    await server.services.segmentUpdater.sweep();
    const after = await get<TripPage>(token, tripsUrl);
    const expected = detectSegments(points, DEFAULT_SEGMENT_RULES, server.clock.now()).filter(
      (s) => s.kind === 'trip',
    );
    expect(after.data.list.map((t) => [t.startTime, t.endTime])).toEqual(
      expected.map((t) => (t.kind === 'trip' ? [t.start.time, t.end.time] : [])),
    );
    expect(before.data.list.map((t) => t.startTime)).not.toEqual(
      after.data.list.map((t) => t.startTime),
    );
    // Nothing waits any more: the late mark is gone.
    expect(await server.repositories.segments.markOf(deviceId)).toBeUndefined();
  });

  it('sums the day’s driving over all its trips, a trip over midnight for its part in the day', async () => {
    const { deviceId, token } = await ownedDevice();
    await store(deviceId, commute());
    const page = (query: string) =>
      get<TripPage>(token, `/v2/trip/trip/page?terminalId=${deviceId}&${query}`);
    const all = (await page(`limit=20&${DAY_QUERY}`)).data;
    const onePerPage = (await page(`limit=1&page=2&${DAY_QUERY}`)).data;
    expect(onePerPage.list).toHaveLength(1);
    expect(onePerPage.totals).toEqual(all.totals);
    const distance = all.list.reduce((sum, trip) => sum + trip.distance, 0);
    expect(Math.abs(all.totals.distance - distance)).toBeLessThanOrEqual(1);
    expect(all.totals.drivingTime).toBe(all.list.reduce((sum, trip) => sum + trip.duration, 0));

    // 23:40 on 2026-11-22 in Shanghai: 20 km at 50 km/h, 20 minutes before midnight and 4 after.
    const { deviceId: lateId, token: lateToken } = await ownedDevice();
    const start = Date.UTC(2026, 10, 22, 15, 40);
    await store(lateId, new TrackBuilder(start).park(300).drive(20_000, 50).park(600).points);
    const day = (date: string) =>
      get<TripPage>(
        lateToken,
        `/v2/trip/trip/page?terminalId=${lateId}&startTime=${date}%2000:00:00&endTime=${date}%2023:59:59`,
      ).then((body) => body.data);
    const [before, after] = [await day('2026-11-22'), await day('2026-11-23')];
    const [trip] = before.list;
    expect(after.list).toEqual(before.list);
    // The days end at 23:59:59: the last second before midnight (14 m at 50 km/h) is in neither.
    const twoDays = before.totals.distance + after.totals.distance;
    expect(twoDays).toBeGreaterThan(trip!.distance - 20);
    expect(twoDays).toBeLessThanOrEqual(trip!.distance + 1);
    expect(before.totals.distance).toBeGreaterThan(after.totals.distance);
    expect(before.totals.drivingTime + after.totals.drivingTime).toBeGreaterThanOrEqual(
      trip!.duration - 2,
    );
    const none = await get<TripPage>(
      token,
      `/v2/trip/trip/page?terminalId=${deviceId}&startTime=2026-11-21%2000:00:00&endTime=2026-11-21%2023:59:59`,
    );
    expect(none.data).toEqual({ list: [], count: 0, totals: { distance: 0, drivingTime: 0 } });
  });

  it('follows a link to a trip or stopover after detection replaced its row', async () => {
    const { deviceId, token } = await ownedDevice();
    const points = commute();
    // Without the first stop and the middle of the day at first (blind areas), uploaded late.
    await store(deviceId, [...points.slice(60, 100), ...points.slice(200)]);
    const list = <T>(kind: 'trip' | 'stopover') =>
      get<{ list: T[] }>(token, `/v2/trip/${kind}/page?terminalId=${deviceId}&${DAY_QUERY}`).then(
        (body) => body.data.list,
      );
    const at = <T>(kind: 'trip' | 'stopover', item: { startTime: number; endTime: number }) =>
      get<T | null>(
        token,
        `/v2/trip/${kind}/at?terminalId=${deviceId}&startTime=${item.startTime}&endTime=${item.endTime}`,
      );
    const oldTrips = await list<TripItem>('trip');
    const oldStops = await list<StopoverItem>('stopover');
    // A link followed before anything changes finds its own trip.
    for (const trip of oldTrips) expect((await at<TripItem>('trip', trip)).data).toEqual(trip);

    await store(deviceId, [...points.slice(0, 60), ...points.slice(100, 200)], true);
    await server.services.segmentUpdater.sweep();
    const newTrips = await list<TripItem>('trip');
    const newStops = await list<StopoverItem>('stopover');
    const newIds = new Set([...newTrips, ...newStops].map((item) => item.id));
    const vanished = [...oldTrips, ...oldStops].filter((item) => !newIds.has(item.id));
    expect(vanished.some((item) => 'distance' in item)).toBe(true);

    /** The new segment sharing the most time with an old one. */
    const covering = <T extends { startTime: number; endTime: number }>(old: T, now: T[]) => {
      const shared = (item: T) =>
        Math.min(item.endTime, old.endTime) - Math.max(item.startTime, old.startTime);
      return now.reduce((best, item) => (shared(item) > shared(best) ? item : best));
    };
    for (const trip of oldTrips)
      expect((await at<TripItem>('trip', trip)).data).toEqual(covering(trip, newTrips));
    for (const stop of oldStops)
      expect((await at<StopoverItem>('stopover', stop)).data).toEqual(covering(stop, newStops));

    // No trip at that time: null; another user's device: the access check's answer.
    const night = { startTime: Date.UTC(2026, 10, 20, 18), endTime: Date.UTC(2026, 10, 20, 19) };
    expect(await at('trip', night)).toMatchObject({ code: 0, data: null });
    const stranger = await ownedDevice();
    const foreign = await get<null>(
      stranger.token,
      `/v2/trip/trip/at?terminalId=${deviceId}&startTime=${oldTrips[0]!.startTime}&endTime=${oldTrips[0]!.endTime}`,
    );
    expect(foreign.code).toBe(Codes.DEVICE_UNBOUND.code);
  });

  it('refuses ranges it does not answer, naming the field', async () => {
    const { deviceId, token } = await ownedDevice();
    const cases: [string, string][] = [
      [
        `/v2/track/info?terminalId=${deviceId}&startTime=2026-11-01%2000:00:00&endTime=2026-11-09%2000:00:00`,
        'endTime',
      ],
      [
        `/v2/track/info?terminalId=${deviceId}&startTime=2026-11-09%2000:00:00&endTime=2026-11-01%2000:00:00`,
        'endTime',
      ],
      [
        `/v2/track/info?terminalId=${deviceId}&startTime=yesterday&endTime=2026-11-01%2000:00:00`,
        'startTime',
      ],
      [
        `/v2/track/info?terminalId=${deviceId}&startTime=2026-02-30%2000:00:00&endTime=2026-03-01%2000:00:00`,
        'startTime',
      ],
      [`/v2/track/info?terminalId=${deviceId}&${DAY_QUERY}&timeZone=Mars/Olympus`, 'timeZone'],
      [
        `/v2/trip/trip/page?terminalId=${deviceId}&startTime=2026-01-01&endTime=2026-03-01`,
        'endTime',
      ],
      [`/v2/trip/stopover/page?terminalId=${deviceId}&${DAY_QUERY}&limit=500`, 'limit'],
      [`/trip/dates?terminalId=${deviceId}&startDate=2024-01-01&endDate=2026-01-01`, 'endDate'],
      [`/trip/dates?terminalId=${deviceId}&startDate=2026-13-01`, 'startDate'],
      [`/v2/trip/trip/page?${DAY_QUERY}`, 'terminalId'],
    ];
    for (const [path, field] of cases) {
      const { status, body } = await server.call('GET', path, { token, language: 'en' });
      expect({
        path,
        status,
        code: body.code,
        field: (body.data as { field: string }).field,
      }).toEqual({ path, status: 400, code: Codes.VALIDATION.code, field });
      expect(body.message).not.toMatch(/^Invalid input/);
    }
    const week = await server.call(
      'GET',
      `/v2/track/info?terminalId=${deviceId}&startTime=2026-11-01%2000:00:00&endTime=2026-11-08%2000:00:00`,
      { token },
    );
    expect(week.body.code).toBe(0);
    const unknownType = await server.call('GET', `/alarm/dates?terminalId=${deviceId}`, { token });
    expect(unknownType.body.code).toBe(Codes.VALIDATION.code);
  });

  it('gives another user exactly what a missing device gives', async () => {
    const { deviceId, token } = await ownedDevice();
    await store(deviceId, commute());
    const stranger = await ownedDevice(); // a user with a device of their own
    const paths = (id: number) => [
      `/v2/track/info?terminalId=${id}&${DAY_QUERY}`,
      `/v2/trip/trip/page?terminalId=${id}&${DAY_QUERY}`,
      `/v2/trip/stopover/page?terminalId=${id}&${DAY_QUERY}`,
      `/track/dates?terminalId=${id}`,
      `/trip/dates?terminalId=${id}`,
      `/stopover/dates?terminalId=${id}`,
    ];
    const missing = paths(999_999);
    for (const [index, path] of paths(deviceId).entries()) {
      const theirs = await server.call('GET', path, { token: stranger.token });
      const none = await server.call('GET', missing[index]!, { token: stranger.token });
      expect(theirs.body).toEqual(none.body);
      expect(theirs.body.code).toBe(Codes.DEVICE_UNBOUND.code);
      expect((await server.call('GET', path, { token })).body.code).toBe(0);
    }
  });
});
