/** Deterministic device ids, and the right simulated device for each protocol. */
import type { DeviceCodec } from './devices/codec.js';
import { Gt06Device } from './devices/gt06.js';
import { H02Device } from './devices/h02.js';
import { Jt808Device } from './devices/jt808.js';
import { WatchDevice } from './devices/watch.js';
import { OsmandDevice } from './osmand-device.js';
import type { ServerAddress } from './server-address.js';
import type { Trip } from './trip.js';
import { VirtualDevice, type DeviceEvent } from './virtual-device.js';

export const SIMULATED_PROTOCOLS = ['gt06', 'jt808', 'osmand', 'watch', 'h02'] as const;
export type SimulatedProtocol = (typeof SIMULATED_PROTOCOLS)[number];
export type TcpProtocol = Exclude<SimulatedProtocol, 'osmand'>;

/** Digits of each protocol's id: IMEI 15, JT/T 808 terminal phone 12, watch and H02 10. */
const ID_DIGITS: Record<SimulatedProtocol, number> = {
  gt06: 15,
  jt808: 12,
  osmand: 15,
  watch: 10,
  h02: 10,
};
/** Digits always left for the device number; a long prefix is cut to keep them. */
const MIN_INDEX_DIGITS = 4;

export const DEFAULT_PORTS: Record<SimulatedProtocol, number> = {
  gt06: 5023,
  jt808: 5015,
  osmand: 5055,
  watch: 5093,
  h02: 5013,
};

export const isSimulatedProtocol = (name: string): name is SimulatedProtocol =>
  (SIMULATED_PROTOCOLS as readonly string[]).includes(name);

/**
 * Device `index` (0-based) → its protocol (round robin) and id: the prefix, then the 1-based
 * index zero-padded to the protocol's id length (`86000000` → gt06 `860000000000001`, jt808
 * `860000000002`, watch `8600000003`).
 */
export function fleetMember(
  prefix: string,
  index: number,
  protocols: readonly SimulatedProtocol[],
): { protocol: SimulatedProtocol; deviceId: string } {
  const protocol = protocols[index % protocols.length]!;
  const digits = ID_DIGITS[protocol];
  const room = Math.max(digits - prefix.length, MIN_INDEX_DIGITS);
  const number = String(index + 1);
  if (!/^[1-9]\d*$/.test(prefix)) throw new Error(`id prefix ${prefix} must be digits, not 0…`);
  if (number.length > room) throw new Error(`device ${number} does not fit a ${protocol} id`);
  return { protocol, deviceId: prefix.slice(0, digits - room) + number.padStart(room, '0') };
}

export function createCodec(protocol: TcpProtocol, deviceId: string): DeviceCodec {
  switch (protocol) {
    case 'gt06':
      return new Gt06Device(deviceId);
    case 'jt808':
      return new Jt808Device(deviceId);
    case 'watch':
      return new WatchDevice(deviceId);
    case 'h02':
      return new H02Device(deviceId);
  }
}

export interface SimulatedDevice {
  readonly deviceId: string;
  readonly acknowledgedFixTimes: readonly number[];
  start(): void;
  stop(): void;
}

export interface FleetDeviceOptions {
  protocol: SimulatedProtocol;
  deviceId: string;
  trip: Trip;
  host: string;
  port: number;
  /** More gateways, tried in turn after a failed or closed connection (a cluster's). */
  otherServers?: readonly ServerAddress[];
  intervalSeconds: number;
  timeScale?: number;
  /** Chance per fix of a TCP device that its signal drops for a few fixes; default 0.005. */
  signalLossChance?: number;
  /** Reconnect delay of connected devices, doubled per failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  seed?: number;
  onEvent?: (event: DeviceEvent) => void;
}

export function createDevice(options: FleetDeviceOptions): SimulatedDevice {
  const { protocol, deviceId, ...rest } = options;
  if (protocol === 'osmand') return new OsmandDevice({ deviceId, ...rest });
  return new VirtualDevice({ codec: createCodec(protocol, deviceId), ...rest });
}
