import {
  CITIES,
  createCodec,
  Trip,
  VirtualDevice,
  type TcpProtocol,
  type TripOptions,
} from '@xunji/simulator';
import { admin } from './admin.js';
import type { LiveServer } from './live-server.js';

export interface SimulatedDeviceOptions {
  terminalNo: string;
  protocol: TcpProtocol;
  /** A model of the catalogue (its feature flags decide what the app offers). */
  model: string;
  name: string;
  /** See TripOptions: a range keeps the vehicle at those speeds, without lights or parking. */
  cruiseKmh?: TripOptions['cruiseKmh'];
  /** The phone number of its SIM card (the app's call buttons dial it). */
  simNo?: string;
  /** Called with the device's trip, so the test can raise alarms on it (`trip.raise('sos')`). */
  onTrip?: (trip: Trip) => void;
}

/**
 * A tracker of the test's own, registered to the demo account (as its owner) and driven from the
 * test process through the gateway's real port: a fix every second, no simulated signal loss, so
 * what it does next is the test's to know. Stopped with `device.stop()`.
 */
export async function startSimulatedDevice(
  server: LiveServer,
  options: SimulatedDeviceOptions,
): Promise<VirtualDevice> {
  const { terminalNo, protocol, model, name, cruiseKmh, simNo } = options;
  await admin(
    server,
    'device:create',
    ...['--terminal-no', terminalNo, '--password', '246810', '--protocol', protocol],
    ...['--model', model, '--name', name, '--owner', 'demo'],
    ...(simNo ? ['--sim-no', simNo] : []),
  );
  const trip = new Trip({
    city: CITIES[2]!,
    seed: Number(terminalNo.slice(-4)),
    start: Date.now(),
    cruiseKmh,
  });
  options.onTrip?.(trip);
  const device = new VirtualDevice({
    codec: createCodec(protocol, terminalNo),
    trip,
    host: '127.0.0.1',
    port: server.ports[protocol],
    intervalSeconds: 1,
    signalLossChance: 0,
  });
  device.start();
  return device;
}
