import {
  CITIES,
  createDevice,
  Trip,
  type DeviceEvent,
  type Fix,
  type SimulatedDevice,
  type TripOptions,
} from '@xunji/simulator';
import type { FleetDevice } from './cluster-fleet.js';
import type { ClusterProcess } from './cluster-processes.js';

/** A trip the test can move far off its route at once (out of a fence). */
export class SteerableTrip extends Trip {
  private northDegrees = 0;

  /** Every later fix lies this much further north (~111 km a degree). */
  moveNorth(degrees: number): void {
    this.northDegrees += degrees;
  }

  override fix(): Fix {
    const fix = super.fix();
    return { ...fix, latitude: Math.round((fix.latitude + this.northDegrees) * 1e6) / 1e6 };
  }
}

export interface ClusterDevice {
  fleet: FleetDevice;
  device: SimulatedDevice;
  trip: SteerableTrip;
  events: DeviceEvent[];
  /** Every fix it took, sent at once or buffered for later, by fix time (TCP devices). */
  fixes: Map<number, Fix>;
  /** The port of the last connection attempt. */
  lastPort(): number | undefined;
}

export interface DriveOptions {
  /** Real seconds between fixes; each fix is one simulated second after the one before. */
  intervalSeconds?: number;
  cruiseKmh?: TripOptions['cruiseKmh'];
  /** Called with each event as it happens (a benchmark's timing). */
  onEvent?: (event: DeviceEvent) => void;
}

/**
 * A simulated device of the fleet driving through the cluster's gateways: it connects to the
 * first and fails over to the others in turn. Its trip began an hour ago, so that fixes a
 * simulated second apart stay in the past however long it runs; no simulated signal loss.
 */
export function startClusterDevice(
  fleet: FleetDevice,
  [first, ...others]: ClusterProcess[],
  { intervalSeconds = 0.2, cruiseKmh, onEvent }: DriveOptions = {},
): ClusterDevice {
  const portOf = (gateway: ClusterProcess) => gateway.ports![fleet.protocol];
  const trip = new SteerableTrip({
    city: CITIES[fleet.id % CITIES.length]!,
    seed: fleet.id,
    start: Date.now() - 3600_000,
    cruiseKmh,
  });
  const events: DeviceEvent[] = [];
  const fixes = new Map<number, Fix>();
  const device = createDevice({
    protocol: fleet.protocol,
    deviceId: fleet.terminalNo,
    trip,
    host: '127.0.0.1',
    port: portOf(first!),
    otherServers: others.map((gateway) => ({ host: '127.0.0.1', port: portOf(gateway) })),
    intervalSeconds,
    timeScale: 1 / intervalSeconds,
    signalLossChance: 0,
    backoffMs: 200,
    maxBackoffMs: 1000,
    seed: fleet.id,
    onEvent: (event) => {
      events.push(event);
      if (event.fix) fixes.set(event.fix.time, event.fix);
      onEvent?.(event);
    },
  });
  device.start();
  const lastPort = () => {
    const connecting = events.findLast((event) => event.type === 'connecting');
    return connecting?.detail ? Number(connecting.detail.split(':').at(-1)) : undefined;
  };
  return { fleet, device, trip, events, fixes, lastPort };
}
