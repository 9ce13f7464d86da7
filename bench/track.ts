import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import {
  addDays,
  api,
  dayBounds,
  DEFAULT_APPLICATION_ID,
  DEFAULT_TIME_ZONE,
  encodeStoredTrack,
  localDate,
  offset,
  type Envelope,
  type TrackInfo,
  UserType,
} from '@xunji/shared';
import { CITIES, seededRandom, Trip } from '@xunji/simulator';
import type { Environment } from '../apps/server/src/config.js';
import type { PositionInsert } from '../apps/server/src/repositories/ingest/ingest-batch.js';
import { hashSecret } from '../apps/server/src/services/password-hasher.js';
import { testDialects } from '../apps/server/test/support/databases.js';
import {
  startTestServer,
  transport,
  type TestServer,
} from '../apps/server/test/support/test-server.js';
import { launchBrowser, newPhoneContext } from '../e2e/support/browser.js';
import { signIn } from '../e2e/support/sign-in.js';

/**
 * History. One device with a day of 1 Hz fixes (86,400): `GET /v2/track/info` for the day timed
 * TRACK_RUNS times over real HTTP with `Accept-Encoding: br, gzip`, counting the compressed bytes
 * received, with the server's own response time from its log and a breakdown of where the time
 * goes; then TRACK_COLD_RUNS times with the track cache dropped before each (`trackColdMs`). Another device with REPORT_DAYS days of 10-s fixes, stored a day at a time with detection
 * run after each: the trip and stopover pages of every day (page 1, 20 a page). Then the track
 * page of the web app in headless Chromium: navigation start → the day drawn and playback moving.
 * DATABASE_URL selects PostgreSQL, else SQLite.
 */
const TRACK_RUNS = Number(process.env.TRACK_RUNS ?? 50);
const TRACK_COLD_RUNS = Number(process.env.TRACK_COLD_RUNS ?? 7);
const REPORT_DAYS = 30;
const REPORT_ROUNDS = Number(process.env.TRACK_REPORT_ROUNDS ?? 5);
const PAGE_RUNS = Number(process.env.TRACK_PAGE_RUNS ?? 5);
/** Where to write a CPU profile of the page's last load (.cpuprofile), when set. */
const PAGE_PROFILE = process.env.TRACK_PAGE_PROFILE;
/** Where to write a Chromium trace of the page's last load (every thread: worker, paint), when set. */
const PAGE_TRACE = process.env.TRACK_PAGE_TRACE;
const PAGE_TIMEOUT_MS = 20_000;
const ZONE = DEFAULT_TIME_ZONE;
const PASSWORD = 'secret123';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const round = (value: number) => Math.round(value * 10) / 10;
const time = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

/**
 * As deployed: production skips the development-only check of every answer against its schema
 * (its cost is in the breakdown). The vendor settings are never used: the user is made directly.
 */
const PRODUCTION: Environment = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  TOKEN_SECRET: 'bench-'.repeat(8),
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'unused',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'unused',
  ALIYUN_SMS_SIGN_NAME: 'unused',
  ALIYUN_SMS_TEMPLATE_CODE: 'unused',
  VOICE_PROVIDER: 'off',
  WECHAT_PROVIDER: 'off',
  // Another build of the app (e.g. the code before a change, to compare under the same load).
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
};

async function signUp(server: TestServer, phone: string) {
  await server.repositories.users.create({
    applicationId: DEFAULT_APPLICATION_ID,
    username: phone,
    phoneNumber: phone,
    passwordHash: await hashSecret(transport(PASSWORD)),
    nickname: phone,
    userType: UserType.PERSONAL,
  });
  const { body } = await server.call<{ token: string; user: { userId: number } }>(
    'POST',
    '/auth/login',
    { body: { username: phone, password: transport(PASSWORD) } },
  );
  if (body.code !== 0) throw new Error(`login: ${body.message}`);
  return body.data;
}

/** Local [start, end] of a schedule entry in hours; the rest of the day is parked. */
const DRIVES: [number, number][] = [
  [7.6, 8.4],
  [12.0, 12.3],
  [13.2, 13.5],
  [18.0, 19.0],
  [20.5, 21.0],
];

/**
 * A commuter's day in Shanghai, one fix every `everyS` seconds from local midnight: parked at
 * night, at work and in the evening (engine off), five drives along the simulator's city loop
 * (with its lights and short stops), and GPS error that wanders as a receiver's does (AR(1),
 * about 2.5 m) on every fix. `trip` carries on from the day before.
 */
function simulateDay(
  deviceId: number,
  day: string,
  everyS: number,
  trip: Trip,
  seed: number,
): PositionInsert[] {
  const random = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const jitterH = () => (random() - 0.5) / 6; // ± 5 minutes
  const drives = DRIVES.map(([from, to]) => [from + jitterH(), to + jitterH()] as const);
  const rho = 0.95 ** everyS;
  const sigma = 2.5 * Math.sqrt(1 - rho * rho);
  let north = 0;
  let east = 0;
  let fix = trip.fix();
  const { start } = dayBounds(day, ZONE);
  const rows: PositionInsert[] = [];
  for (let t = 0; t < 86_400; t += everyS) {
    const hour = t / 3600;
    const driving = drives.some(([from, to]) => hour >= from && hour < to);
    if (driving) {
      trip.advance(everyS);
      fix = trip.fix();
    }
    north = rho * north + sigma * gaussian();
    east = rho * east + sigma * gaussian();
    const place = offset(fix, north, east);
    const speed = driving && fix.speedKmh > 0 ? fix.speedKmh + Math.floor(random() * 10) / 10 : 0;
    const fixTime = start + t * 1000;
    rows.push({
      deviceId,
      fixTime,
      serverTime: fixTime + 800,
      valid: 1,
      latitude: Math.round(place.latitude * 1e6) / 1e6,
      longitude: Math.round(place.longitude * 1e6) / 1e6,
      altitude: 12,
      speed,
      course: fix.course,
      lbsMode: 'gps',
      satellites: fix.satellites,
      battery: fix.batteryPercent,
      acc: driving && fix.acc ? 1 : 0,
      mileage: null,
      reupload: 0,
      attributes: null,
    });
  }
  return rows;
}

/** Stores a day as the gateway would, then runs detection as the live system does. */
async function storeDay(server: TestServer, positions: PositionInsert[]) {
  for (let i = 0; i < positions.length; i += 10_000)
    await server.repositories.positions.commitBatch({
      positions: positions.slice(i, i + 10_000),
      states: [],
      frames: [],
      networkFixes: [],
    });
  await server.services.segmentUpdater.update(positions[0]!.deviceId);
}

interface RawResponse {
  status: number;
  encoding: string | undefined;
  body: Buffer;
  ms: number;
}

/** A GET over node:http, keeping the body as it came on the wire (compressed). */
function getRaw(url: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<RawResponse>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The server's own response time (Fastify's `responseTime`) of every request, from its log. */
class ServerTimes extends Writable {
  readonly entries: { url: string; ms: number }[] = [];
  private readonly urls = new Map<string, string>();
  private pending = '';

  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    const lines = (this.pending + chunk.toString()).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      const entry = JSON.parse(line) as {
        reqId?: string;
        req?: { url: string };
        responseTime?: number;
      };
      if (!entry.reqId) continue;
      if (entry.req) this.urls.set(entry.reqId, entry.req.url);
      if (entry.responseTime !== undefined)
        this.entries.push({ url: this.urls.get(entry.reqId) ?? '', ms: entry.responseTime });
    }
    done();
  }
}

const decode = <T>(response: RawResponse): Envelope<T> => {
  const { body, encoding } = response;
  const text =
    encoding === 'br'
      ? zlib.brotliDecompressSync(body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(body)
        : body;
  return JSON.parse(text.toString()) as Envelope<T>;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Where the time of a track answer goes, step by step, in this process: the cold path (read the
 * columns, encode, stringify), the service cold (cache dropped) and warm, and compression.
 */
async function trackBreakdown(server: TestServer, userId: number, deviceId: number, day: string) {
  const { start, end } = dayBounds(day, ZONE);
  const query = {
    terminalId: deviceId,
    startTime: `${day} 00:00:00`,
    endTime: `${day} 23:59:59`,
    timeZone: ZONE,
  };
  const steps: Record<string, number[]> = {};
  let sizes = { jsonBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (let run = 0; run < 10; run++) {
    const [columns, readRowsMs] = await time(() =>
      server.repositories.positions.track(deviceId, start, end),
    );
    const [encoded, encodeMs] = await time(() => encodeStoredTrack(columns));
    const [, jsonMs] = await time(() => JSON.stringify(encoded));
    server.services.trackCache.clear();
    const [, serviceColdMs] = await time(() => server.services.history.track(userId, query));
    const [info, serviceMs] = await time(() => server.services.history.track(userId, query));
    const [, outputCheckMs] = await time(() => api.trackInfo.response.parse(JSON.parse(info.text)));
    const json = `{"code":0,"message":"success","data":${info.text}}`;
    const [brotli, brotliMs] = await time(() =>
      zlib.brotliCompressSync(json, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      }),
    );
    const [gzip, gzipMs] = await time(() => zlib.gzipSync(json, { level: 6 }));
    const ms = {
      readRowsMs,
      encodeMs,
      jsonMs,
      serviceColdMs,
      serviceMs,
      outputCheckMs,
      brotliMs,
      gzipMs,
    };
    for (const [name, value] of Object.entries(ms)) (steps[name] ??= []).push(value);
    sizes = {
      jsonBytes: Buffer.byteLength(json),
      brotliBytes: brotli.length,
      gzipBytes: gzip.length,
    };
  }
  return {
    ...Object.fromEntries(Object.entries(steps).map(([name, ms]) => [name, round(median(ms))])),
    ...sizes,
  };
}

/** Times from navigation start, taken in the page as they happen. */
interface TrackMarks {
  /** The track's answer fully received. */
  fetched?: number;
  ready?: number;
  clicked?: number;
  playing?: number;
}

interface TrackWindow {
  trackMarks: TrackMarks;
}

/**
 * The web app's track page, `PAGE_RUNS` loads (medians): navigation start → the day drawn
 * (`data-track-ready`) → play clicked → `data-playback-index` past 0. The steps in between
 * show where the time goes.
 */
async function measureTrackPage(baseUrl: string, phone: string, deviceId: number, day: string) {
  const browser = await launchBrowser();
  try {
    const context = await newPhoneContext(browser, baseUrl);
    await context.addInitScript(() => {
      localStorage.setItem(
        'xunji.app',
        JSON.stringify({ state: { language: 'zh-CN', mapSource: 'none' }, version: 0 }),
      );
      const marks: TrackMarks = {};
      (window as unknown as TrackWindow).trackMarks = marks;
      new MutationObserver(() => {
        const page = document.querySelector('[data-testid="track-page"]');
        if (!page) return;
        if (page.getAttribute('data-track-ready') === 'true') marks.ready ??= performance.now();
        if (Number(page.getAttribute('data-playback-index') ?? 0) > 0)
          marks.playing ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('[data-testid="track-play"]'))
            marks.clicked ??= performance.now();
        },
        true,
      );
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[])
          if (entry.name.includes('/v2/track/info')) marks.fetched ??= entry.responseEnd;
      }).observe({ type: 'resource', buffered: true });
    });
    const page = await context.newPage();
    await signIn(page, phone, PASSWORD);
    const runs: Required<TrackMarks>[] = [];
    const devtools = PAGE_PROFILE ? await context.newCDPSession(page) : undefined;
    for (let run = 0; run < PAGE_RUNS; run++) {
      const profiled = PAGE_PROFILE && devtools && run === PAGE_RUNS - 1 ? devtools : undefined;
      if (profiled) {
        await profiled.send('Profiler.enable');
        await profiled.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiled.send('Profiler.start');
      }
      const traced = PAGE_TRACE && run === PAGE_RUNS - 1;
      if (traced) await browser.startTracing(page, { path: PAGE_TRACE, screenshots: false });
      await page.goto(`/pagesDevice/track/index?id=${deviceId}&date=${day}`);
      await page.waitForSelector('[data-testid="track-page"][data-track-ready="true"]', {
        timeout: PAGE_TIMEOUT_MS,
      });
      await page.click('[data-testid="track-play"]');
      await page.waitForFunction(
        () => (window as unknown as TrackWindow).trackMarks.playing,
        undefined,
        { timeout: PAGE_TIMEOUT_MS },
      );
      if (profiled) {
        const { profile } = await profiled.send('Profiler.stop');
        fs.writeFileSync(PAGE_PROFILE!, JSON.stringify(profile));
      }
      if (traced) await browser.stopTracing();
      runs.push(
        (await page.evaluate(
          () => (window as unknown as TrackWindow).trackMarks,
        )) as Required<TrackMarks>,
      );
    }
    const at = (mark: keyof TrackMarks) => Math.round(median(runs.map((marks) => marks[mark])));
    return {
      pageReadyMs: at('playing'),
      pageReadyFirstMs: Math.round(runs[0]!.playing),
      pageTrackFetchedMs: at('fetched'),
      pageDrawnMs: at('ready'),
      pageClickedMs: at('clicked'),
      pageRuns: PAGE_RUNS,
    };
  } finally {
    await browser.close();
  }
}

export default async function track() {
  const dialect = process.env.DATABASE_URL ? 'postgres' : testDialects()[0]!;
  // Other work on the machine shows in every figure: recorded with them.
  const loadAverage = Math.round(os.loadavg()[0]! * 10) / 10;
  const log = new ServerTimes();
  const server = await startTestServer(dialect, PRODUCTION, log);
  const agent = new http.Agent({ keepAlive: true });
  try {
    await server.repositories.positions.prepareFor(Date.now());
    const phone = '13900000002';
    const { token, user } = await signUp(server, phone);
    const device = async (terminalNo: string) => {
      const created = await server.repositories.devices.create({
        terminalNo,
        passwordHash: await hashSecret(transport('123456')),
        protocol: 'jt808',
        model: 'TM200',
        iccid: null,
        name: `沪A ${terminalNo.slice(-5)}`,
        enterpriseId: null,
        createdAt: Date.now(),
      });
      const bound = await server.call('POST', '/terminal/bind', {
        token,
        body: { terminalNo, password: transport('123456') },
      });
      if (bound.body.code !== 0) throw new Error(`bind: ${bound.body.message}`);
      return created.id;
    };
    const shanghai = CITIES.find((city) => city.name === 'shanghai')!;
    const yesterday = addDays(localDate(Date.now(), ZONE), -1);

    // One day at 1 Hz.
    const trackDevice = await device('870000000001');
    const trackTrip = new Trip({ city: shanghai, seed: 7, start: Date.now() });
    const day = simulateDay(trackDevice, yesterday, 1, trackTrip, 7);
    const [, storeTrackMs] = await time(() => storeDay(server, day));

    const dayQuery = `startTime=${yesterday}%2000:00:00&endTime=${yesterday}%2023:59:59`;
    const trackUrl = `${server.url}/api${api.trackInfo.path}?terminalId=${trackDevice}&${dayQuery}`;
    const headers = {
      authorization: `Bearer ${token}`,
      applicationId: '1',
      'accept-encoding': 'br, gzip',
    };
    const first = await getRaw(trackUrl, headers, agent);
    const decoded = decode<TrackInfo>(first);
    if (first.status !== 200 || decoded.data.points.count !== day.length)
      throw new Error(`track: ${first.status} ${decoded.message}`);
    const logged = log.entries.length;
    const trackTimes: number[] = [];
    const trackBytes: number[] = [];
    for (let run = 0; run < TRACK_RUNS; run++) {
      const response = await getRaw(trackUrl, headers, agent);
      trackTimes.push(response.ms);
      trackBytes.push(response.body.length);
    }
    const gzipResponse = await getRaw(trackUrl, { ...headers, 'accept-encoding': 'gzip' }, agent);
    // The first answer after the cache was dropped: what the cache hides.
    const coldTimes: number[] = [];
    const coldLogged = log.entries.length;
    for (let run = 0; run < TRACK_COLD_RUNS; run++) {
      server.services.trackCache.clear();
      coldTimes.push((await getRaw(trackUrl, headers, agent)).ms);
    }
    const coldServerTimes = log.entries.slice(coldLogged).map((entry) => entry.ms);
    const breakdown = await trackBreakdown(server, user.userId, trackDevice, yesterday);

    // REPORT_DAYS days at 10 s, stored a day at a time.
    const reportDevice = await device('870000000002');
    const reportTrip = new Trip({ city: shanghai, seed: 11, start: Date.now() });
    const days = Array.from({ length: REPORT_DAYS }, (_, i) =>
      addDays(yesterday, i - REPORT_DAYS + 1),
    );
    const [, storeReportsMs] = await time(async () => {
      for (const [i, date] of days.entries())
        await storeDay(server, simulateDay(reportDevice, date, 10, reportTrip, 100 + i));
    });
    const reportUrl = (kind: 'trip' | 'stopover', date: string) =>
      `${server.url}/api/v2/trip/${kind}/page?terminalId=${reportDevice}&page=1&limit=20` +
      `&startTime=${date}%2000:00:00&endTime=${date}%2023:59:59`;
    const rounds: number[] = [];
    const serverRounds: number[] = [];
    const callTimes: number[] = [];
    const counts = { trip: 0, stopover: 0 };
    for (let r = 0; r < REPORT_ROUNDS + 1; r++) {
      const roundStart = log.entries.length;
      let total = 0;
      counts.trip = counts.stopover = 0;
      for (const date of days) {
        for (const kind of ['trip', 'stopover'] as const) {
          const response = await getRaw(reportUrl(kind, date), headers, agent);
          const body = decode<{ count: number }>(response);
          if (body.code !== 0) throw new Error(`${kind} page: ${body.message}`);
          counts[kind] += body.data.count;
          total += response.ms;
          if (r > 0) callTimes.push(response.ms);
        }
      }
      rounds.push(total);
      serverRounds.push(sum(log.entries.slice(roundStart).map((entry) => entry.ms)));
    }

    let page: Partial<Awaited<ReturnType<typeof measureTrackPage>>> & { pageNote?: string } = {};
    try {
      page = await measureTrackPage(server.url, phone, trackDevice, yesterday);
    } catch (error) {
      page = { pageNote: `track page not measured: ${(error as Error).message.split('\n')[0]}` };
    }

    return {
      dialect,
      loadAverage,
      points: day.length,
      runs: TRACK_RUNS,
      trackP50Ms: round(median(trackTimes)),
      trackP95Ms: round(percentile(trackTimes, 95)),
      trackServerP50Ms: round(
        median(log.entries.slice(logged, logged + TRACK_RUNS).map((entry) => entry.ms)),
      ),
      trackColdMs: round(median(coldTimes)),
      trackColdServerMs: round(median(coldServerTimes)),
      trackColdRuns: TRACK_COLD_RUNS,
      trackBytes: median(trackBytes),
      trackEncoding: first.encoding,
      trackGzipBytes: gzipResponse.body.length,
      trackBreakdown: breakdown,
      reportDays: REPORT_DAYS,
      reportPoints: REPORT_DAYS * 8640,
      trips: counts.trip,
      stops: counts.stopover,
      // The first round reads the bundled district boundaries for addresses (once per process).
      tripsStopsColdMs: round(rounds[0]!),
      tripsStopsMs: round(median(rounds.slice(1))),
      tripsStopsServerMs: round(median(serverRounds.slice(1))),
      tripsStopsCallP50Ms: round(median(callTimes)),
      tripsStopsCallP95Ms: round(percentile(callTimes, 95)),
      storeTrackDayMs: Math.round(storeTrackMs),
      storeReportDaysMs: Math.round(storeReportsMs),
      pageReadyMs: page.pageReadyMs ?? null,
      ...page,
    };
  } finally {
    agent.destroy();
    await server.close();
  }
}
