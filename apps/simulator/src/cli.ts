/**
 * simulate --devices N --protocols gt06,jt808 --interval S --server HOST[:PORT][,HOST[:PORT]…]
 *          [--gt06-port 5023]
 *          [--jt808-port 5015] [--osmand-port 5055] [--watch-port 5093] [--h02-port 5013]
 *          [--id-prefix 86000000] [--duration S] [--time-scale 1] [--list-ids]
 */
import { parseArgs } from 'node:util';
import {
  DEFAULT_PORTS,
  SIMULATED_PROTOCOLS,
  createDevice,
  fleetMember,
  isSimulatedProtocol,
  type SimulatedProtocol,
} from './fleet.js';
import { CITIES } from './route.js';
import { parseServerList, type ServerAddress } from './server-address.js';
import { Trip } from './trip.js';
import type { DeviceEvent } from './virtual-device.js';

const portOptions = Object.fromEntries(
  SIMULATED_PROTOCOLS.map((p) => [
    `${p}-port`,
    { type: 'string', default: String(DEFAULT_PORTS[p]) },
  ]),
) as Record<`${SimulatedProtocol}-port`, { type: 'string'; default: string }>;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1' },
    protocols: { type: 'string', default: 'gt06,jt808' },
    interval: { type: 'string', default: '10' },
    server: { type: 'string', default: '127.0.0.1' },
    ...portOptions,
    'id-prefix': { type: 'string', default: '86000000' },
    duration: { type: 'string' },
    'time-scale': { type: 'string', default: '1' },
    'list-ids': { type: 'boolean', default: false },
  },
});
function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number`);
  return value;
}

const count = positive('devices', values.devices);
const protocols = values.protocols.split(',').map((p) => p.trim());
const unknown = protocols.filter((p) => !isSimulatedProtocol(p));
if (unknown.length > 0)
  fail(`unsupported protocol ${unknown.join(',')} (simulated: ${SIMULATED_PROTOCOLS.join(', ')})`);
const chosen = protocols as SimulatedProtocol[];
const port = (protocol: SimulatedProtocol): number =>
  positive(`${protocol}-port`, values[`${protocol}-port`]);
/** A device connects to the first server and moves on to the next when a connection fails. */
function servers(protocol: SimulatedProtocol): ServerAddress[] {
  try {
    return parseServerList(values.server, port(protocol));
  } catch (error) {
    fail(`--server: ${(error as Error).message}`);
  }
}

let members: ReturnType<typeof fleetMember>[];
try {
  members = Array.from({ length: count }, (_, i) => fleetMember(values['id-prefix'], i, chosen));
} catch (error) {
  fail((error as Error).message);
}

if (values['list-ids']) {
  for (const m of members) process.stdout.write(`${m.protocol} ${m.deviceId}\n`);
  process.exit(0);
}

const log = (event: DeviceEvent): void => {
  const detail = event.detail ? ` ${event.detail}` : '';
  process.stdout.write(
    `${new Date().toISOString()} ${event.protocol} ${event.deviceId} ${event.type}${detail}\n`,
  );
};

const interval = positive('interval', values.interval);
const timeScale = positive('time-scale', values['time-scale']);
const devices = members.map(({ protocol, deviceId }, index) => {
  const seed = Number(deviceId.slice(-9));
  const [first, ...otherServers] = servers(protocol);
  return createDevice({
    protocol,
    deviceId,
    trip: new Trip({ city: CITIES[index % CITIES.length]!, seed, start: Date.now() }),
    ...first!,
    otherServers,
    intervalSeconds: interval,
    timeScale,
    seed,
    onEvent: log,
  });
});

// Spread the connections over one interval instead of a thundering herd.
devices.forEach((device, index) =>
  setTimeout(() => device.start(), ((interval * 1000) / devices.length) * index),
);

const stopAll = (): void => {
  for (const device of devices) device.stop();
  const acked = devices.reduce((sum, d) => sum + d.acknowledgedFixTimes.length, 0);
  process.stdout.write(
    `${new Date().toISOString()} simulator stopped: ${acked} fixes acknowledged\n`,
  );
};
if (values.duration !== undefined)
  setTimeout(stopAll, positive('duration', values.duration) * 1000);
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);
