import { hashPasswordForTransport } from '@xunji/shared';
import { CITIES, createDevice, Trip, type SimulatedDevice } from '@xunji/simulator';
import { createRepositories } from '../apps/server/src/context.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { hashSecret } from '../apps/server/src/services/password-hasher.js';
import { launchBrowser, newPhoneContext } from '../e2e/support/browser.js';
import { startLiveServer } from '../e2e/support/live-server.js';
import { signInAsDemo } from '../e2e/support/sign-in.js';

const DEVICES = Number(process.env.WEB_HOME_DEVICES ?? 1000);
const SECONDS = Number(process.env.WEB_HOME_SECONDS ?? 30);

/**
 * The home page of the demo account with DEVICES more trackers, each reporting once a second
 * through the real gateway (JT/T 808 over TCP) and reaching the page over the live socket: the
 * share of the page's main thread that is busy (CDP TaskDuration) over SECONDS, in headless Chromium
 * at 390×844.
 */
export default async function webHome() {
  const server = await startLiveServer({ LOG_LEVEL: 'error' });
  const devices: SimulatedDevice[] = [];
  const browser = await launchBrowser();
  try {
    const database = openDatabase({ dataDir: server.dataDir });
    const repositories = createRepositories(database);
    const demo = await repositories.users.findByUsername('demo');
    if (!demo) throw new Error('no demo account');
    const passwordHash = await hashSecret(hashPasswordForTransport('123456'));
    const numbers = Array.from({ length: DEVICES }, (_, i) => `1990${String(i).padStart(8, '0')}`);
    await repositories.devices.createMany(
      numbers.map((terminalNo, i) => ({
        terminalNo,
        passwordHash,
        protocol: 'jt808',
        model: 'TM200',
        name: `粤B ${String(i).padStart(5, '0')}`,
        createdAt: Date.now(),
      })),
    );
    for (const device of (await repositories.devices.findByTerminalNos(numbers)).values()) {
      await repositories.devices.bind(demo.id, device.id, true);
    }
    await database.db.destroy();

    // All in one city, so most markers are on screen and redrawn.
    numbers.forEach((terminalNo, i) => {
      const device = createDevice({
        protocol: 'jt808',
        deviceId: terminalNo,
        trip: new Trip({ city: CITIES[0]!, seed: i + 100, start: Date.now() }),
        host: '127.0.0.1',
        port: server.ports.jt808,
        intervalSeconds: 1,
        seed: i + 100,
      });
      devices.push(device);
      device.start();
    });

    const context = await newPhoneContext(browser, server.baseUrl);
    await context.addInitScript(() => {
      localStorage.setItem(
        'xunji.app',
        JSON.stringify({ state: { language: 'zh-CN', mapSource: 'none' }, version: 0 }),
      );
    });
    const page = await context.newPage();
    await signInAsDemo(page);
    await page.goto('/');
    await page.waitForSelector('[data-testid="device-card"]');
    // Let the devices connect and the first positions arrive before measuring.
    await page.waitForTimeout(5000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    };
    const before = await taskSeconds();
    const started = Date.now();
    await page.waitForTimeout(SECONDS * 1000);
    const busy = (await taskSeconds()) - before;
    const elapsed = (Date.now() - started) / 1000;
    return {
      devices: DEVICES,
      seconds: Math.round(elapsed),
      mainThreadBusyPercent: Math.round((busy / elapsed) * 1000) / 10,
    };
  } finally {
    devices.forEach((device) => device.stop());
    await browser.close();
    await server.stop();
  }
}
