import { hashPasswordForTransport } from '@xunji/shared';
import {
  CITIES,
  createCodec,
  DEFAULT_MAX_BUFFERED,
  Trip,
  VirtualDevice,
  type TcpProtocol,
} from '@xunji/simulator';
import type { Repositories } from '../repositories/create-repositories.js';
import { hashSecret } from '../services/password-hasher.js';

/** The five demo devices: one of each kind of tracker, on the protocol such trackers speak. */
export const DEMO_DEVICES: {
  terminalNo: string;
  protocol: TcpProtocol;
  name: string;
  model: string;
  /** The watches' SIM numbers, for the call button. */
  simNo?: string;
}[] = [
  { terminalNo: '868120300000001', protocol: 'gt06', name: '爱车 Car', model: 'GT06N' },
  { terminalNo: '138000000002', protocol: 'jt808', name: '货车 Truck', model: 'TM200' },
  {
    terminalNo: '8600000003',
    protocol: 'watch',
    name: '孩子手表 Child watch',
    model: 'D9',
    simNo: '13800000003',
  },
  {
    terminalNo: '8600000004',
    protocol: 'watch',
    name: '老人手表 Elderly watch',
    model: 'Y3',
    simNo: '13800000004',
  },
  { terminalNo: '8600000005', protocol: 'h02', name: '宠物 Pet', model: 'PT01' },
];
export const DEMO_DEVICE_PASSWORD = '123456';
const DEMO_SERVICE_DAYS = 365;

/** Registers the demo devices and binds them to the demo account (a new database only). */
export async function ensureDemoDevices(
  repositories: Repositories,
  demoUserId: number,
): Promise<void> {
  for (const demo of DEMO_DEVICES) {
    if (await repositories.devices.findByTerminalNo(demo.terminalNo)) continue;
    const device = await repositories.devices.create({
      terminalNo: demo.terminalNo,
      passwordHash: await hashSecret(hashPasswordForTransport(DEMO_DEVICE_PASSWORD)),
      protocol: demo.protocol,
      model: demo.model,
      iccid: null,
      simNo: demo.simNo ?? null,
      name: demo.name,
      enterpriseId: null,
      createdAt: Date.now(),
    });
    // The whole tenure, so the history uploaded at the first start (older fixes) is the demo's.
    await repositories.devices.bind(demoUserId, device.id, true, 'active', device.tenureStartedAt);
    const now = Date.now();
    await repositories.deviceServices.save({
      deviceId: device.id,
      startingTime: now,
      expirationTime: now + DEMO_SERVICE_DAYS * 86_400_000,
      isTrial: 0,
    });
  }
}

/**
 * Virtual devices that drive the demo devices through the real gateway ports. With
 * `historyHours`, each has been driving that long already: the fixes of those hours are
 * uploaded as re-uploads at its first login, and its live fixes carry on from there.
 */
export function startDemoFleet(
  ports: Record<string, number>,
  intervalSeconds = 10,
  historyHours = 0,
): VirtualDevice[] {
  const now = Date.now();
  const historyMs = historyHours * 3_600_000;
  const historyFixes = Math.ceil(historyMs / 1000 / intervalSeconds);
  const devices = DEMO_DEVICES.flatMap((demo, index) => {
    const port = ports[demo.protocol];
    if (port === undefined) return [];
    const seed = index + 1;
    const device = new VirtualDevice({
      codec: createCodec(demo.protocol, demo.terminalNo),
      trip: new Trip({ city: CITIES[index % CITIES.length]!, seed, start: now - historyMs }),
      host: '127.0.0.1',
      port,
      intervalSeconds,
      maxBuffered: DEFAULT_MAX_BUFFERED + historyFixes,
      seed,
    });
    device.backfill(now);
    return [device];
  });
  devices.forEach((device) => device.start());
  return devices;
}
