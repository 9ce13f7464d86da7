import path from 'node:path';
import { distanceMetres } from '@xunji/shared';
import { CUT_MAX_KMH, type VirtualDevice } from '@xunji/simulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSpeed } from '../apps/web/src/devices/format.js';
import { zh } from './support/texts.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { recordLivePositions, type LivePosition } from './support/live-positions.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { startSimulatedDevice } from './support/simulated-device.js';
import { repositoryRoot } from './support/start-server.js';

/** Below the relay's limit: its cut is carried out. */
const CRAWLER = {
  terminalNo: '868120377700021',
  name: '堵车 Crawler',
  cruiseKmh: { min: 10, max: 15 },
};
/** Above it: the relay refuses and says why. */
const SPEEDER = {
  terminalNo: '868120377700022',
  name: '高速 Speeder',
  cruiseKmh: { min: 35, max: 45 },
};
/** A parked car's fixes drift up to 4 m each way (the simulator's GPS noise): 11.3 m apart at most. */
const PARKED_SPREAD_M = 12;

/** The largest distance of any position from the first. */
const spread = (positions: LivePosition[]): number =>
  Math.max(0, ...positions.map((p) => distanceMetres(positions[0]!, p)));

describe('remote control of a simulated car', () => {
  let server: LiveServer;
  let browser: Browser;
  let page: Page;
  let crawler: VirtualDevice;
  let speeder: VirtualDevice;
  let crawlerId: number;
  let speederId: number;

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '10', DEMO_HISTORY_H: '0' });
    const car = { protocol: 'gt06', model: 'GT06N' } as const;
    crawler = await startSimulatedDevice(server, { ...car, ...CRAWLER });
    speeder = await startSimulatedDevice(server, { ...car, ...SPEEDER });
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, server.baseUrl, 'zh-CN');
    await context.addInitScript(appSettings, { language: 'zh-CN' });
    page = await context.newPage();
    await signInAsDemo(page);
    crawlerId = await deviceIdOf(page, CRAWLER.terminalNo);
    speederId = await deviceIdOf(page, SPEEDER.terminalNo);
  });
  afterAll(async () => {
    crawler?.stop();
    speeder?.stop();
    await browser?.close();
    await server?.stop();
  });

  /** The cut section of the device's remote page, once its confirmed state is shown. */
  async function openCutSection(deviceId: number): Promise<Locator> {
    await page.goto(`/pagesDevice/remote-set?id=${deviceId}`);
    const section = page.getByRole('region', { name: zh.remote.sections.cutOil });
    await section.getByText(zh.remote.cutOil.restored, { exact: true }).waitFor();
    return section;
  }

  /** "Cut oil and power", then yes to the safety question. */
  async function cutWithConfirmation(section: Locator): Promise<void> {
    await section.getByRole('button', { name: zh.remote.switchWords.cutOil.on }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(zh.remote.confirm.cutOil).waitFor();
    await dialog.getByRole('button', { name: zh.common.confirm }).click();
  }

  it('cuts the oil of a car crawling in traffic: "succeeded", and it stops on the map', async () => {
    const positions = recordLivePositions(page, crawlerId);
    await page.goto('/');
    await page.locator('.home__switch').click();
    await page.locator('.home-switcher__list li').filter({ hasText: CRAWLER.name }).click();
    const card = page.getByRole('region', { name: CRAWLER.name });
    await card.locator('.state-badge[data-state="moving"]').waitFor({ timeout: 15_000 });
    // The positions the map is given advance as it crawls.
    await expect.poll(() => spread(positions), { timeout: 20_000 }).toBeGreaterThan(25);

    const section = await openCutSection(crawlerId);
    await cutWithConfirmation(section);
    const status = section.locator('.command-status');
    await status.getByText(zh.remote.outcomes.succeeded, { exact: true }).waitFor();
    const cutAt = Date.now();
    expect(await status.getAttribute('data-outcome')).toBe('succeeded');
    await section.getByText(zh.remote.cutOil.cut, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/remote-cut-zh.png') });

    // Home: the card says static at 0 km/h, and the fixes still coming in stay where it stopped.
    await page.goto('/');
    await card.locator('.state-badge[data-state="static"]').waitFor({ timeout: 10_000 });
    await card.getByText(`${formatSpeed(0)} km/h`).waitFor();
    // The fix of the second the command arrived may still carry the car's last metre.
    const stopped = () => positions.filter((p) => p.receivedAt > cutAt + 1500);
    await expect.poll(() => stopped().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    expect(stopped().every((p) => p.speed === undefined || p.speed === 0)).toBe(true);
    expect(spread(stopped())).toBeLessThan(PARKED_SPREAD_M);
    expect(crawler.latestFix).toMatchObject({ speedKmh: 0, cut: true });
    await page.screenshot({
      path: path.join(repositoryRoot, 'test-results/remote-cut-home-zh.png'),
    });
  }, 90_000);

  it('shows the relay refusing to cut above 20 km/h, with the reason the device gave', async () => {
    const section = await openCutSection(speederId);
    await expect
      .poll(() => speeder.latestFix.speedKmh, { timeout: 10_000 })
      .toBeGreaterThan(CUT_MAX_KMH);
    await cutWithConfirmation(section);
    const status = section.locator('.command-status');
    await status.getByText(zh.remote.outcomes.fail, { exact: true }).waitFor();
    expect(await status.getAttribute('data-outcome')).toBe('fail');
    expect(await status.locator('.command-status__reply').textContent()).toMatch(
      new RegExp(`Fail! Speed limit ${CUT_MAX_KMH}km/h, current speed \\d+km/h`),
    );
    // Nothing changed: still supplied, and the cut can be asked again.
    await section.getByText(zh.remote.cutOil.restored, { exact: true }).waitFor();
    expect(
      await section.getByRole('button', { name: zh.remote.switchWords.cutOil.on }).isEnabled(),
    ).toBe(true);
    expect(speeder.latestFix.cut).toBe(false);
    expect(speeder.latestFix.speedKmh).toBeGreaterThan(CUT_MAX_KMH);
    await page.screenshot({
      path: path.join(repositoryRoot, 'test-results/remote-cut-refused-zh.png'),
    });
  }, 60_000);
});
