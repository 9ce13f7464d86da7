/**
 * One client worker of bench/ingest: `count` JT/T 808 devices from one loopback source address.
 * It connects and authenticates (0x0102) them all, says so, and on `start` sends locations for
 * `warmupMs` (not counted) and then `durationMs`, spread evenly
 * (each device every `intervalMs`), timing each until the server's 0x8001 ack. Like a tracker, a
 * device whose last position is not acknowledged yet skips its turn (counted as `skipped`), so an
 * overloaded gateway is measured at what it sustains, not drowned by a queue the client builds.
 * With a `route` (bench/fences), devices move as it says and the frames it marks report when
 * they were sent.
 */
import net from 'node:net';
import type { LatLon } from '@xunji/shared';
import { jt808Frame, locationBody, openJt808 } from '@xunji/simulator';

/** Where device `index` is at its `frame`-th position (0 first); `timed` frames are reported. */
export type Route = (index: number, frame: number) => LatLon & { timed?: boolean };

/** A frame a route marked: the device, its fix time and when it was written (epoch ms). */
export type TimedFrame = [index: number, fixTime: number, sentAt: number];

/** What a worker answers at the end of its run. */
export interface WorkerReport {
  sent: number;
  acked: number;
  failed: number;
  skipped: number;
  /** Ack latencies as counts per 0.1 ms bucket. */
  histogram: Record<number, number>;
  timed: TimedFrame[];
}

interface Job {
  port: number;
  localAddress: string;
  firstIndex: number;
  count: number;
  intervalMs: number;
  durationMs: number;
  /** Sent before the measured window and not counted: every device's first positions. */
  warmupMs?: number;
  /** A module whose default export makes the route from `options`. */
  route?: { module: string; options: unknown };
}

interface Device {
  index: number;
  phone: string;
  socket?: net.Socket;
  serial: number;
  fixTime: number;
  /** Send time of each serial waiting for its ack. */
  pending: Map<number, number>;
  /** Bytes of an ack split across reads. */
  partial?: Buffer;
  /** Called when the authentication is acknowledged. */
  authenticated?: () => void;
  /** Called when a position is acknowledged. */
  acknowledged?: () => void;
}

/** What a worker answers once its devices are back after a gateway restart. */
export interface ReconnectReport {
  /** When each device had logged in again and had a position acknowledged (epoch ms). */
  backAt: number[];
  /** Connection attempts it took (refused while the gateway was down, or at its limits). */
  attempts: number;
}

const AUTH_SERIAL = 0;

const FLAG = 0x7e;
const TICK_MS = 5;
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
/** Ack latencies as counts per 0.1 ms bucket (sparse), so any number of acks stays small. */
const histogram: Record<number, number> = {};
const timed: TimedFrame[] = [];
const stationary: Route = (index) => ({
  latitude: 31.2 + (index % 100) / 1000,
  longitude: 121.4 + (index % 97) / 1000,
});
const routeOf = job.route
  ? ((await import(job.route.module)) as { default: (options: unknown) => Route }).default(
      job.route.options,
    )
  : stationary;
/** When the measured window starts (performance.now()); what was sent before is not counted. */
let measuredFrom = Infinity;
let sent = 0;
let acked = 0;
let failed = 0;
let skipped = 0;

function onAck(device: Device, frame: Uint8Array): void {
  const packet = openJt808(frame);
  if (packet?.messageId !== 0x8001) return;
  const replied = (packet.body[0]! << 8) | packet.body[1]!;
  if (replied === AUTH_SERIAL && device.authenticated) {
    device.authenticated();
    device.authenticated = undefined;
    return;
  }
  const start = device.pending.get(replied);
  if (start === undefined) return;
  device.pending.delete(replied);
  if (device.acknowledged) return device.acknowledged();
  if (start < measuredFrom) return;
  const bucket = Math.round((performance.now() - start) * 10);
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
  acked++;
}

/** Splits what arrived into 0x7e…0x7e frames (acks rarely span reads; those that do are kept). */
function onData(device: Device, chunk: Buffer): void {
  const data = device.partial ? Buffer.concat([device.partial, chunk]) : chunk;
  device.partial = undefined;
  let start = data.indexOf(FLAG);
  while (start !== -1) {
    const end = data.indexOf(FLAG, start + 1);
    if (end === -1) {
      device.partial = data.subarray(start);
      return;
    }
    onAck(device, data.subarray(start, end + 1));
    start = data.indexOf(FLAG, end + 1);
  }
}

/** Connects and authenticates (0x0102): true once acknowledged, false when the connection fails. */
function open(device: Device): Promise<boolean> {
  const socket = net.connect({ port: job.port, host: '127.0.0.1', localAddress: job.localAddress });
  device.socket = socket;
  device.partial = undefined;
  socket.on('data', (chunk: Buffer) => onData(device, chunk));
  return new Promise((resolve) => {
    device.authenticated = () => resolve(true);
    socket.once('connect', () =>
      socket.write(jt808Frame(0x0102, device.phone, AUTH_SERIAL, [...Buffer.from('bench')])),
    );
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

async function connect(index: number): Promise<Device> {
  const device: Device = {
    index,
    phone: String(130_000_000_000 + index),
    serial: 0,
    fixTime: Date.now() - 3600_000,
    pending: new Map(),
  };
  if (!(await open(device))) failed++;
  return device;
}

function send(device: Device, index: number): void {
  if (!device.socket || device.socket.destroyed) return;
  if (device.pending.size > 0) {
    if (performance.now() >= measuredFrom) skipped++;
    return;
  }
  // The serial counts the positions sent before this one (authentication took 0).
  const place = routeOf(index, device.serial);
  device.serial = (device.serial + 1) & 0xffff;
  device.fixTime += 1000;
  const fix = {
    time: device.fixTime,
    latitude: place.latitude,
    longitude: place.longitude,
    altitude: 10,
    speedKmh: 40,
    course: 90,
    satellites: 9,
    batteryPercent: 80,
    acc: true,
    cut: false,
    mileageKm: 100,
  };
  const now = performance.now();
  device.pending.set(device.serial, now);
  if (place.timed) timed.push([index, fix.time, performance.timeOrigin + now]);
  device.socket.write(jt808Frame(0x0200, device.phone, device.serial, locationBody(fix)));
  if (now >= measuredFrom) sent++;
}

/** One timer for all devices: each tick sends what the steady rate owes by then, round robin. */
function run(devices: Device[]): Promise<void> {
  const perMs = devices.length / job.intervalMs;
  const began = performance.now();
  const warmupMs = job.warmupMs ?? 0;
  measuredFrom = began + warmupMs;
  let next = Math.floor(Math.random() * devices.length);
  let owed = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - began;
      if (elapsed >= warmupMs + job.durationMs) {
        clearInterval(timer);
        return resolve();
      }
      for (const due = Math.floor(elapsed * perMs); owed < due; owed++) {
        send(devices[next]!, job.firstIndex + next);
        next = (next + 1) % devices.length;
      }
    }, TICK_MS);
  });
}

/** Devices connect in waves, as a fleet coming back does, not as one burst of SYNs. */
const WAVE = 250;
const devices: Device[] = [];
for (let first = 0; first < job.count; first += WAVE) {
  const wave = Array.from({ length: Math.min(WAVE, job.count - first) }, (_, i) =>
    connect(job.firstIndex + first + i),
  );
  devices.push(...(await Promise.all(wave)));
}
process.send?.({ connected: devices.length - failed });
await new Promise((resolve) => process.once('message', resolve));
const progress = setInterval(
  () => console.error(`client ${job.localAddress}: sent ${sent}, acked ${acked}, errors ${failed}`),
  5000,
);
await run(devices);
clearInterval(progress);
// Acks still on their way count; what has none after this is not acknowledged.
await new Promise((resolve) => setTimeout(resolve, 2000));
const report: WorkerReport = { sent, acked, failed, skipped, histogram, timed };
process.send?.(report);
process.on('message', (message) => {
  if (message === 'restart') watchForRestart();
  else {
    devices.forEach((device) => device.socket?.destroy());
    process.exit(0);
  }
});

/** A device retries this long after a refused connection, plus up to as much again at random. */
const RETRY_MS = 250;
let attempts = 0;

/**
 * Once the gateway drops it, a device reconnects, logs in and sends a position, as trackers do;
 * a connection lost before the position's ack is a failed attempt too (it may have reached the
 * old gateway as it closed).
 */
async function comeBack(device: Device): Promise<number> {
  for (;;) {
    attempts++;
    device.pending.clear();
    if ((await open(device)) && (await positionAcknowledged(device))) return Date.now();
    device.socket?.destroy();
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * (1 + Math.random())));
  }
}

/** Sends a position on the device's connection: true once acknowledged, false if it closes. */
function positionAcknowledged(device: Device): Promise<boolean> {
  const { socket } = device;
  if (!socket || socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    device.acknowledged = () => resolve(true);
    socket.once('close', () => resolve(false));
    send(device, device.index);
  });
}

function watchForRestart(): void {
  const back = devices
    .filter((device) => device.socket && !device.socket.destroyed)
    .map(
      (device) =>
        new Promise<number>((resolve) =>
          device.socket!.once('close', () => resolve(comeBack(device))),
        ),
    );
  process.send?.('armed');
  void Promise.all(back).then((backAt) => {
    const answer: ReconnectReport = { backAt, attempts };
    process.send?.(answer);
  });
}
