import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';

/**
 * The day to look at: the one 90 minutes ago (browser and test share the machine's zone), so it
 * holds at least an hour and a half of the demo's history whatever the time of day.
 */
function dayWithHistory(): string {
  const then = new Date(Date.now() - 90 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`;
}

describe('history: track playback and the trip and stay reports', () => {
  let server: LiveServer;
  let browser: Browser;
  let page: Page;
  let carId: number;
  const date = dayWithHistory();

  beforeAll(async () => {
    // Three hours of driving and parking come up from each demo device as it first logs in.
    server = await startLiveServer({ DEMO_INTERVAL_S: '10', DEMO_HISTORY_H: '3' });
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, server.baseUrl, 'zh-CN');
    await context.addInitScript(appSettings, { language: 'zh-CN' });
    page = await context.newPage();
    await signInAsDemo(page);
    carId = await deviceIdOf(page, '868120300000001');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("draws the day's track, plays it at 8× and shows the totals", async () => {
    await page.goto(`/pagesDevice/track/index?id=${carId}&date=${date}`);
    const root = page.getByTestId('track-page');
    await root.and(page.locator('[data-track-ready="true"]')).waitFor({ timeout: 30_000 });
    expect(Number(await root.getAttribute('data-point-count'))).toBeGreaterThan(100);
    const distance = await page.getByTestId('track-total-distance').textContent();
    expect(distance).toMatch(/^\d+(\.\d+)? (公里|米)$/);
    expect(distance).not.toBe('0 米');

    await page.getByTestId('track-speed-8').click();
    await page.getByTestId('track-play').click();
    const index = async () => Number(await root.getAttribute('data-playback-index'));
    await expect.poll(index, { timeout: 5_000 }).toBeGreaterThan(0);
    const first = await index();
    await expect.poll(index, { timeout: 5_000 }).toBeGreaterThan(first);
    const time = await page.getByTestId('track-marker-time').textContent();
    expect(time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('lists the simulated trips and stays of the day and opens one', async () => {
    await page.goto(`/pagesDevice/report/table?id=${carId}&date=${date}&tab=trips`);
    const rows = page.locator('.report-row[data-item-id]');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBeGreaterThan(0);
    await expect.poll(() => rows.first().textContent()).toMatch(/公里|米/);

    await page.goto(`/pagesDevice/report/table?id=${carId}&date=${date}&tab=stays`);
    await rows.first().waitFor({ timeout: 30_000 });
    const stays = await rows.count();
    expect(stays).toBeGreaterThan(0);
    await rows.first().click();
    await page.waitForURL((url) => url.pathname === '/pagesDevice/report/details');
    const sheet = page.getByTestId('report-sheet');
    await sheet.waitFor();
    expect(await sheet.textContent()).toMatch(/分钟|秒/);
  });
});
