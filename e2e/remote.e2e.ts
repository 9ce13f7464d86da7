import path from 'node:path';
import { distanceMetres } from '@xunji/shared';
import { CUT_MAX_KMH, type VirtualDevice } from '@xunji/simulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enDeviceSettings from '../apps/web/src/i18n/device-settings/en.js';
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
/** A child's watch: it saves its battery with the §9 hours. */
const WATCH = { terminalNo: '868120377700023', name: '手表 Watch' };
const DEMO_PASSWORD = 'demo123456';
/** A parked car's fixes drift up to 4 m each way (the simulator's GPS noise): 11.3 m apart at most. */
const PARKED_SPREAD_M = 12;

/** The largest distance of any position from the first. */
const spread = (positions: LivePosition[]): number =>
  Math.max(0, ...positions.map((p) => distanceMetres(positions[0]!, p)));

/** Lets a result toast (shown 100 ms after the result, for 2 s) come and go. */
async function toastsGone(target: Page): Promise<void> {
  await target.waitForTimeout(300);
  await target.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 5000 });
}

/** A screenshot under test-results/ without a toast over it. */
async function snapshot(target: Page, name: string): Promise<void> {
  await toastsGone(target);
  await target.screenshot({ path: path.join(repositoryRoot, `test-results/${name}.png`) });
}

describe('remote control of simulated devices', () => {
  let server: LiveServer;
  let browser: Browser;
  let page: Page;
  let crawler: VirtualDevice;
  let speeder: VirtualDevice;
  let watch: VirtualDevice;
  let crawlerId: number;
  let speederId: number;
  let watchId: number;

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '10', DEMO_HISTORY_H: '0' });
    const car = { protocol: 'gt06', model: 'GT06N' } as const;
    crawler = await startSimulatedDevice(server, { ...car, ...CRAWLER });
    speeder = await startSimulatedDevice(server, { ...car, ...SPEEDER });
    watch = await startSimulatedDevice(server, { protocol: 'watch', model: 'D9', ...WATCH });
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, server.baseUrl, 'zh-CN');
    await context.addInitScript(appSettings, { language: 'zh-CN' });
    page = await context.newPage();
    await signInAsDemo(page);
    crawlerId = await deviceIdOf(page, CRAWLER.terminalNo);
    speederId = await deviceIdOf(page, SPEEDER.terminalNo);
    watchId = await deviceIdOf(page, WATCH.terminalNo);
  });
  afterAll(async () => {
    crawler?.stop();
    speeder?.stop();
    watch?.stop();
    await browser?.close();
    await server?.stop();
  });

  const section = (name: string) => page.getByRole('region', { name });

  /** The cut section of the device's remote page, once its confirmed state is shown. */
  async function openCutSection(deviceId: number): Promise<Locator> {
    await page.goto(`/pagesDevice/remote-set?id=${deviceId}`);
    const cut = section(zh.remote.sections.cutOil);
    await cut.getByText(zh.remote.cutOil.restored, { exact: true }).waitFor();
    return cut;
  }

  /** "Cut oil and power": the danger dialog, with the account password. */
  async function cutWithPassword(cut: Locator, password = DEMO_PASSWORD): Promise<Locator> {
    await cut.getByRole('button', { name: zh.remote.switchWords.cutOil.on }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(zh.remote.confirm.cutOil).waitFor();
    await dialog.getByPlaceholder(zh.remote.cutPassword.placeholder).fill(password);
    await dialog.getByRole('button', { name: zh.remote.cutPassword.confirm }).click();
    return dialog;
  }

  it('locates a car now: its fix on a small map with the address, the reply in words', async () => {
    await page.goto(`/pagesDevice/remote-set?id=${crawlerId}`);
    const device = section(zh.remote.sections.device);
    await device.getByRole('button', { name: zh.remote.actions.locateNow }).click();
    const status = device.locator('.command-status');
    await status.getByText(zh.remote.outcomes.succeeded, { exact: true }).waitFor();
    // The simulated GT06 answers WHERE# with "Lat:N…,Lon:E…,…,DateTime:<UTC>".
    await expect
      .poll(() => status.locator('.command-status__meaning').textContent())
      .toMatch(
        /^位置：北纬 \d+\.\d{5}°，东经 \d+\.\d{5}°，\d+(\.\d+)? km\/h，定位于 .+（本机时间）$/,
      );
    expect(await status.locator('.command-status__reply').textContent()).toMatch(
      /^Lat:N\d+\.\d+,Lon:E\d+\.\d+,/,
    );
    const result = device.locator('.locate-result');
    await result.locator('.locate-result__map .leaflet-container').waitFor();
    await result.locator('.map-pin').waitFor();
    await expect
      .poll(() => result.locator('.locate-result__address').textContent())
      .toMatch(/市|区/);
    await snapshot(page, 'replies-locate-zh');
  }, 60_000);

  it('cuts the oil of a crawling car only with the account password; a wrong one is refused', async () => {
    const positions = recordLivePositions(page, crawlerId);
    await page.goto('/');
    await page.locator('.home__switch').click();
    await page.locator('.home-switcher__list li').filter({ hasText: CRAWLER.name }).click();
    const card = page.getByRole('region', { name: CRAWLER.name });
    await card.locator('.state-badge[data-state="moving"]').waitFor({ timeout: 15_000 });
    // The positions the map is given advance as it crawls.
    await expect.poll(() => spread(positions), { timeout: 20_000 }).toBeGreaterThan(25);

    const cut = await openCutSection(crawlerId);
    const dialog = await cutWithPassword(cut, 'not-the-password');
    await dialog.getByRole('alert').getByText('密码错误').waitFor();
    await snapshot(page, 'replies-cut-password-zh');
    expect(await cut.locator('.command-status').count()).toBe(0);
    expect(crawler.latestFix.cut).toBe(false);

    await dialog.getByPlaceholder(zh.remote.cutPassword.placeholder).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: zh.remote.cutPassword.confirm }).click();
    const status = cut.locator('.command-status');
    await status.getByText(zh.remote.outcomes.succeeded, { exact: true }).waitFor();
    const cutAt = Date.now();
    // The device's own words, in the user's language, and as it sent them.
    await status.getByText(zh.remote.replies.cut, { exact: true }).waitFor();
    expect(await status.locator('.command-status__detail').textContent()).toBe(
      `${zh.remote.replies.raw}: Cut off the fuel supply: Success!`,
    );
    await cut.getByText(zh.remote.cutOil.cut, { exact: true }).waitFor();
    await snapshot(page, 'replies-cut-zh');

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

    // The command log words it the same way.
    await page.goto(`/pagesDevice/set-list?id=${crawlerId}`);
    const row = page.locator('[data-command]').filter({ hasText: zh.remote.switchWords.cutOil.on });
    await row.getByText(zh.remote.replies.cut, { exact: true }).waitFor();
    await snapshot(page, 'replies-log-zh');
  }, 90_000);

  it('shows the relay refusing to cut above 20 km/h, in words, with the text it sent', async () => {
    const cut = await openCutSection(speederId);
    await expect
      .poll(() => speeder.latestFix.speedKmh, { timeout: 10_000 })
      .toBeGreaterThan(CUT_MAX_KMH);
    await cutWithPassword(cut);
    const status = cut.locator('.command-status');
    await status.getByText(zh.remote.outcomes.fail, { exact: true }).waitFor();
    expect(await status.getAttribute('data-outcome')).toBe('fail');
    expect(await status.locator('.command-status__meaning').textContent()).toMatch(
      new RegExp(`^车速 \\d+ km/h，超过 ${CUT_MAX_KMH} km/h，设备拒绝断油断电$`),
    );
    expect(await status.locator('.command-status__reply').textContent()).toMatch(
      new RegExp(`Fail! Speed limit ${CUT_MAX_KMH}km/h, current speed \\d+km/h`),
    );
    // Nothing changed: still supplied, and the cut can be asked again.
    await cut.getByText(zh.remote.cutOil.restored, { exact: true }).waitFor();
    const again = cut.locator('[data-switch]').getByRole('button');
    expect(await again.isEnabled()).toBe(true);
    expect(speeder.latestFix.cut).toBe(false);
    await snapshot(page, 'replies-cut-refused-zh');
  }, 60_000);

  it('offers a car seconds to minutes, selects what it confirmed, and warns before slow ones', async () => {
    await page.goto(`/pagesDevice/remote-set?id=${speederId}`);
    const interval = section(zh.remote.sections.uploadInterval);
    const chips = interval.locator('.choices__chip');
    await interval.getByText(zh.remote.uploadInterval.currentUnknown).waitFor();
    expect(await chips.allTextContents()).toEqual([
      '10 秒',
      '30 秒',
      '1 分钟',
      '3 分钟',
      '5 分钟',
      '10 分钟',
    ]);
    await interval.getByRole('button', { name: '10 秒' }).click();
    // The device answers "TIMER OK: 10s"; its confirmation makes 10 s the chosen one.
    await interval.getByText('设备当前：每 10 秒上报一次').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => interval.getByRole('button', { name: '10 秒' }).getAttribute('aria-pressed'))
      .toBe('true');
    await interval.getByText('设备已改为每 10 秒上报一次').waitFor();

    await toastsGone(page);
    await interval.getByRole('button', { name: '5 分钟' }).click();
    const warning = page.getByRole('dialog');
    await warning.getByText('地图上的位置只会每 5 分钟更新一次', { exact: false }).waitFor();
    await snapshot(page, 'replies-interval-warning-zh');
    await warning.getByRole('button', { name: zh.remote.cancel }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await interval.getByRole('button', { name: '10 秒' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.goto(`/pagesDevice/remote-set?id=${watchId}`);
    const watchInterval = section(zh.remote.sections.uploadInterval);
    await watchInterval.getByText(zh.remote.uploadInterval.batteryHint).waitFor();
    expect(await watchInterval.locator('.choices__chip').allTextContents()).toEqual([
      '0.5 小时',
      '1 小时',
      '3 小时',
      '6 小时',
      '12 小时',
    ]);
    await watchInterval.getByRole('button', { name: '1 小时' }).click();
    await page.getByRole('dialog').getByText(zh.remote.uploadInterval.warnTitle).waitFor();
    await snapshot(page, 'replies-interval-watch-zh');
  }, 60_000);

  it('reads the same pages in English', async () => {
    const en = enDeviceSettings.remote;
    const context = await newPhoneContext(browser, server.baseUrl, 'en');
    await context.addInitScript(appSettings, { language: 'en' });
    const english = await context.newPage();
    await signInAsDemo(english);
    await english.goto(`/pagesDevice/remote-set?id=${crawlerId}`);
    const cut = english.getByRole('region', { name: en.sections.cutOil });
    await cut.getByText(en.replies.cut, { exact: true }).waitFor();
    await snapshot(english, 'replies-remote-en');
    await english
      .getByRole('region', { name: en.sections.device })
      .getByRole('button', {
        name: en.actions.locateNow,
      })
      .click();
    await english.locator('.locate-result__map .leaflet-container').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => english.locator('.command-status__meaning').first().textContent())
      .toMatch(/^Position \d+\.\d{5}° N, \d+\.\d{5}° E, .* \(your time\)$/);
    await snapshot(english, 'replies-locate-en');
    await english.goto(`/pagesDevice/remote-set?id=${speederId}`);
    await english
      .getByRole('region', { name: en.sections.cutOil })
      .getByRole('button', { name: en.switchWords.cutOil.on })
      .click();
    await english.getByRole('dialog').getByPlaceholder(en.cutPassword.placeholder).waitFor();
    await snapshot(english, 'replies-cut-password-en');
    await english.getByRole('dialog').getByRole('button', { name: en.cancel }).click();
    const interval = english.getByRole('region', { name: en.sections.uploadInterval });
    await interval.getByText('Confirmed by the device: every 10 s').waitFor();
    await interval.getByRole('button', { name: '10 min' }).click();
    await english.getByRole('dialog').getByText(en.uploadInterval.warnTitle).waitFor();
    await snapshot(english, 'replies-interval-warning-en');
    await english.goto(`/pagesDevice/set-list?id=${speederId}`);
    await english.locator('[data-command]').first().waitFor();
    await snapshot(english, 'replies-log-en');
    await context.close();
  }, 90_000);
});
