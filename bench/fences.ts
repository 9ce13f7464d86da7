import path from 'node:path';
import { DistrictIndex } from '../apps/server/src/geo/districts.js';
import { createFleet } from './fences/fleet.js';
import { layoutOf } from './fences/layout.js';
import { measuredRun, type Load, type RunResult } from './fences/measured-run.js';
import { startTimedPushService } from './fences/push-arrivals.js';
import { FRAMES_PER_CROSSING } from './fences/route.js';
import { mean, percentile, round1 } from './ingest/stats.js';

/**
 * N JT/T 808 devices on real connections through the gateway (bench/ingest's client workers),
 * each with 5 fences (round, polygon, district), at an offered rate the gateway sustains here;
 * runs with fences off (a database without fences) and on (the same fleet with them) alternate,
 * each on a fresh server. During each run some devices drive out of their fences and back; each
 * alarm's push (Web Push, VAPID, to the push service stand-in) is timed from the device's frame.
 * Settings: FENCES_DEVICES (10,000), FENCES_RATE (offered positions/s, 2,000), FENCES_SECONDS
 * (60), FENCES_PAIRS (off/on pairs, 2), FENCES_CROSSING (devices crossing per run, 200);
 * FENCES_QUICK=1 makes the defaults 1,000 devices, 500/s, 20 s, 1 pair, 50 crossing.
 * DATABASE_URL selects PostgreSQL (a new database, dropped afterwards), else SQLite.
 * FENCES_TRACE_DIR: each run's server writes its queries per second and event-loop stalls there
 * (`fences/server-trace.ts`), one file per run.
 */
const quick = process.env.FENCES_QUICK === '1';
const setting = (name: string, normal: number, small: number) =>
  Number(process.env[name] ?? (quick ? small : normal));
const load: Load = {
  devices: setting('FENCES_DEVICES', 10_000, 1000),
  rate: setting('FENCES_RATE', 2000, 500),
  seconds: setting('FENCES_SECONDS', 60, 20),
};
const PAIRS = setting('FENCES_PAIRS', 2, 1);
const CROSSING = setting('FENCES_CROSSING', 200, 50);
const FENCES_PER_DEVICE = 5;
const TRACE_DIR = process.env.FENCES_TRACE_DIR;

/** Different devices cross in each pair, so no alarm of a run is throttled by an earlier one. */
function crossingDevices(pair: number): number[] {
  const stride = Math.floor(load.devices / CROSSING);
  if (pair >= stride) throw new Error('more pairs than disjoint sets of crossing devices');
  return Array.from({ length: CROSSING }, (_, k) => pair + k * stride);
}

export default async function fences() {
  const positionsPerDevice = (load.rate * load.seconds) / load.devices;
  if (positionsPerDevice < FRAMES_PER_CROSSING + 1)
    throw new Error(`each device sends ${positionsPerDevice} positions; a trip needs more`);
  const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  const districts = await DistrictIndex.load();
  const layouts = Array.from({ length: load.devices }, (_, i) => layoutOf(i, districts));
  const pushService = startTimedPushService();
  await pushService.listen();
  const subscribe = (key: string) => pushService.subscribe(key).subscription;
  const without = await createFleet(dialect, load.devices, subscribe);
  const withFences = await createFleet(dialect, load.devices, subscribe, layouts);
  console.error(`${load.devices} devices, ${load.devices * FENCES_PER_DEVICE} fences ready`);
  const runs: RunResult[] = [];
  try {
    for (let pair = 0; pair < PAIRS; pair++) {
      const crossing = crossingDevices(pair);
      for (const fleet of [without, withFences]) {
        const on = fleet === withFences;
        const trace =
          TRACE_DIR && path.resolve(TRACE_DIR, `${dialect}-${pair + 1}-${on ? 'on' : 'off'}.jsonl`);
        const run = await measuredRun(
          fleet,
          on,
          load,
          crossing,
          layouts,
          pushService.arrivals,
          trace,
        );
        const { alarmToPushMs, alarmToLogMs, ...summary } = run;
        console.error(
          JSON.stringify({
            ...summary,
            alarmToPushP95Ms: round1(percentile(alarmToPushMs, 0.95)),
            alarmToLogP95Ms: round1(percentile(alarmToLogMs, 0.95)),
          }),
        );
        runs.push(run);
      }
    }
  } finally {
    await pushService.close();
    await without.database.drop();
    await withFences.database.drop();
  }
  const of = (on: boolean) => runs.filter((run) => run.fences === on);
  const total = (
    on: boolean,
    key: 'acked' | 'pushesExpected' | 'pushesReceived' | 'pushesUnmatched',
  ) => of(on).reduce((n, run) => n + run[key], 0);
  const latencies = of(true).flatMap((run) => run.alarmToPushMs);
  const each = <K extends keyof RunResult>(on: boolean, key: K) => of(on).map((run) => run[key]);
  return {
    devices: load.devices,
    fences: load.devices * FENCES_PER_DEVICE,
    ratioWithFences: Math.round((total(true, 'acked') / total(false, 'acked')) * 1000) / 1000,
    alarmToPushP95Ms: round1(percentile(latencies, 0.95)),
    alarmToPushP50Ms: round1(percentile(latencies, 0.5)),
    alarmToPushMaxMs: round1(percentile(latencies, 1)),
    alarmToLogP95Ms: round1(
      percentile(
        of(true).flatMap((run) => run.alarmToLogMs),
        0.95,
      ),
    ),
    pushesExpected: total(true, 'pushesExpected'),
    pushesReceived: total(true, 'pushesReceived'),
    pushesTimed: latencies.length,
    pushesWithoutFences: total(false, 'pushesReceived'),
    pushRefusals: pushService.refusals.length,
    offeredPerSec: load.rate,
    seconds: load.seconds,
    crossingDevicesPerRun: CROSSING,
    positionsPerSecOff: each(false, 'positionsPerSec'),
    positionsPerSecOn: each(true, 'positionsPerSec'),
    ackP99MsOff: round1(mean(each(false, 'ackP99Ms'))),
    ackP99MsOn: round1(mean(each(true, 'ackP99Ms'))),
    serverCpuUsPerPositionOff: Math.round(mean(each(false, 'serverCpuUsPerPosition'))),
    serverCpuUsPerPositionOn: Math.round(mean(each(true, 'serverCpuUsPerPosition'))),
    rssMbOn: Math.max(...each(true, 'rssMb')),
    skippedWhileUnacked: runs.reduce((n, run) => n + run.skippedWhileUnacked, 0),
    socketErrors: runs.reduce((n, run) => n + run.socketErrors, 0),
    loadAverages: runs.map((run) => run.loadAverage),
    db: dialect,
  };
}
