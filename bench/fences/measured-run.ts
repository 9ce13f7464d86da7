import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TimedFrame } from '../ingest/client.js';
import { driveDevices } from '../ingest/device-clients.js';
import type { Fleet } from './fleet.js';
import { startGateway } from '../ingest/gateway-process.js';
import { alarmsOfTrip, type DeviceLayout } from './layout.js';
import type { PushArrival } from './push-arrivals.js';
import { loadFigures, round1 } from '../ingest/stats.js';
import { FRAMES_PER_CROSSING, type CrossingOptions } from './route.js';

const ROUTE_MODULE = path.join(import.meta.dirname, 'route.ts');
const TRACE_MODULE = path.join(import.meta.dirname, 'server-trace.ts');
/** How long pushes may still arrive after the devices stopped. */
const PUSH_GRACE_MS = 15_000;

export interface Load {
  devices: number;
  rate: number;
  seconds: number;
}

export interface RunResult {
  fences: boolean;
  loadAverage: number;
  connected: number;
  positionsPerSec: number;
  acked: number;
  skippedWhileUnacked: number;
  socketErrors: number;
  ackP50Ms: number;
  ackP99Ms: number;
  /** Server CPU (user + system) per acknowledged position over the window, µs. */
  serverCpuUsPerPosition: number;
  rssMb: number;
  /** Alarms the crossings should raise (each fence's alarm on enter, out or both). */
  pushesExpected: number;
  pushesReceived: number;
  /** Device frame sent → push received by the stand-in, ms, one per delivered alarm. */
  alarmToPushMs: number[];
  /** Device frame sent → alarm row written (the engine's part of the above), ms. */
  alarmToLogMs: number[];
  /** Alarms pushed that no timed frame of this run explains (e.g. retries of an earlier run's). */
  pushesUnmatched: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first arrival of each alarm since `from` (a push that timed out at the server is sent again). */
const firstPushes = (arrivals: PushArrival[], from: number) => [
  ...new Map(
    arrivals
      .slice(from)
      .reverse()
      .map((push) => [push.alarmId, push]),
  ).values(),
];

async function pushesSettled(arrivals: PushArrival[], from: number, expected: number) {
  const deadline = Date.now() + PUSH_GRACE_MS;
  while (firstPushes(arrivals, from).length < expected && Date.now() < deadline) await sleep(100);
}

/** JT/T 808 sends whole seconds: a device's fix times, a second apart, stay distinct. */
const keyOf = (index: number | undefined, fixTime: number) =>
  `${index} ${Math.floor(fixTime / 1000)}`;

/**
 * Each pushed alarm's latency from the frame that raised it (alarm time = the frame's fix time):
 * to the push's arrival, and to the alarm's row (its `createdAt`, the raiser's clock).
 */
async function latencies(fleet: Fleet, pushes: PushArrival[], timed: TimedFrame[]) {
  const sentAt = new Map(timed.map(([index, fixTime, at]) => [keyOf(index, fixTime), at]));
  const indexOf = new Map(fleet.deviceIds.map((id, index) => [id, index]));
  const { db } = fleet.database.handle;
  const alarmIds = pushes.map((push) => push.alarmId);
  const alarms = new Map<number, { deviceId: number; alarmTime: number; createdAt: number }>();
  for (let i = 0; i < alarmIds.length; i += 500) {
    const rows = await db
      .selectFrom('alarmLogs')
      .select(['id', 'deviceId', 'alarmTime', 'createdAt'])
      .where('id', 'in', alarmIds.slice(i, i + 500))
      .execute();
    for (const row of rows) alarms.set(row.id, row);
  }
  const toPush: number[] = [];
  const toLog: number[] = [];
  for (const push of pushes) {
    const alarm = alarms.get(push.alarmId);
    const sent = alarm && sentAt.get(keyOf(indexOf.get(alarm.deviceId), Number(alarm.alarmTime)));
    if (sent === undefined) continue;
    toPush.push(push.at - sent);
    toLog.push(Number(alarm!.createdAt) - sent);
  }
  return { toPush, toLog };
}

/**
 * One measured run on a fresh server: every device connects, then positions flow at the offered
 * rate for the window while the crossing devices go away and come back; what the gateway
 * acknowledged, what the server's CPU spent, and the pushes the stand-in received. With
 * `traceFile`, the server's trace (`server-trace.ts`) and the window's marks go there.
 */
export async function measuredRun(
  fleet: Fleet,
  withFences: boolean,
  load: Load,
  crossing: number[],
  layouts: DeviceLayout[],
  arrivals: PushArrival[],
  traceFile?: string,
): Promise<RunResult> {
  await fleet.resetFenceStates();
  const gateway = await startGateway({
    databaseEnv: fleet.database.env,
    ...(traceFile && { preload: [TRACE_MODULE], env: { FENCES_TRACE_FILE: traceFile } }),
  });
  // Between the server's lines of the trace: where the measured window starts and ends.
  const mark = (window: string) =>
    traceFile && fs.appendFileSync(traceFile, JSON.stringify({ window }) + '\n');
  const loadAverage = round1(os.loadavg()[0]!);
  const options: CrossingOptions = {
    away: crossing.map((i) => [i, layouts[i]!.away.latitude, layouts[i]!.away.longitude]),
  };
  const firstArrival = arrivals.length;
  let cpuAtStart = 0;
  let cpuSeconds = 0;
  let rssMb = 0;
  const report = await driveDevices(
    {
      port: gateway.port,
      devices: load.devices,
      rate: load.rate,
      durationMs: load.seconds * 1000,
      route: { module: ROUTE_MODULE, options },
    },
    {
      started: () => {
        cpuAtStart = gateway.cpuSeconds();
        mark('start');
      },
      finished: () => {
        mark('end');
        cpuSeconds = gateway.cpuSeconds() - cpuAtStart;
        rssMb = Math.round(gateway.rssKb() / 1024);
      },
    },
  );
  // A crossing counts once its device sent all the frames of the trip (a skipped turn delays it).
  const framesOf = new Map<number, number>();
  for (const [index] of report.timed) framesOf.set(index, (framesOf.get(index) ?? 0) + 1);
  const pushesExpected = withFences
    ? crossing
        .filter((i) => (framesOf.get(i) ?? 0) >= FRAMES_PER_CROSSING)
        .reduce((n, i) => n + alarmsOfTrip(layouts[i]!), 0)
    : 0;
  await pushesSettled(arrivals, firstArrival, pushesExpected);
  await gateway.stop();
  const pushes = firstPushes(arrivals, firstArrival);
  const { toPush: alarmToPushMs, toLog: alarmToLogMs } = await latencies(
    fleet,
    pushes,
    report.timed,
  );
  return {
    fences: withFences,
    loadAverage,
    connected: report.connected,
    ...loadFigures(report, load.seconds, cpuSeconds),
    rssMb,
    pushesExpected,
    pushesReceived: pushes.length,
    alarmToPushMs,
    alarmToLogMs,
    pushesUnmatched: pushes.length - alarmToPushMs.length,
  };
}
