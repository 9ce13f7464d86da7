import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAMapPlaceStandIn,
  type AMapPlaceStandIn,
} from '../apps/server/test/support/amap-place-stand-in.js';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { callAs } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

const KEY = 'e2e-amap-key';
const SECRET = 'e2e-amap-secret';
const LANGUAGES = [
  ['zh-CN', zh],
  ['en', en],
] as const;

interface Device {
  id: number;
  lat: number | null;
}

/** The demo account signed in, and a demo device (one that has reported, when `located`). */
async function signedInPage(
  browser: Browser,
  server: RunningServer,
  language: string,
  located = true,
) {
  const context = await newPhoneContext(browser, server.baseUrl, language);
  await context.addInitScript(appSettings, { language });
  const page = await context.newPage();
  await signInAsDemo(page);
  const pick = async () => {
    const { list } = await callAs<{ list: Device[] }>(
      page,
      'GET',
      '/terminal/page?page=1&limit=100',
    );
    return list.find((device) => !located || device.lat !== null);
  };
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const device = await pick();
    if (device) return { page, deviceId: device.id };
    await page.waitForTimeout(500);
  }
  throw new Error('no demo device has reported');
}

/** Waits until launch has stored the configuration (entries that depend on it show then). */
const launched = (page: Page) =>
  page.waitForFunction(() => {
    const stored = localStorage.getItem('xunji.app');
    return (
      stored !== null &&
      (JSON.parse(stored) as { state?: { config?: unknown } }).state?.config != null
    );
  });

describe('nearby petrol and charging stations', () => {
  let amap: AMapPlaceStandIn;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    amap = await startAMapPlaceStandIn(KEY, SECRET);
    server = await startLiveServer({
      DEMO_INTERVAL_S: '2',
      AMAP_WEB_KEY: KEY,
      AMAP_WEB_SECRET: SECRET,
      AMAP_API_URL: amap.url,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await amap?.close();
  });

  describe.each(LANGUAGES)('in %s', (language, texts) => {
    let page: Page;
    let deviceId: number;
    const shot = (name: string) =>
      page.screenshot({
        path: path.join(repositoryRoot, `test-results/nearby-${name}-${language}.png`),
      });

    beforeAll(async () => {
      ({ page, deviceId } = await signedInPage(browser, server, language));
    });
    afterAll(() => page?.context().close());

    it('opens the list from the functions grid, nearest first with distances', async () => {
      await page.goto(`/pagesFunc/index?id=${deviceId}`);
      await launched(page);
      const entry = page.locator('[data-function="nearby"]');
      await expect.poll(() => entry.textContent()).toBe(texts.devices.functions.nearby);
      await entry.click();
      await page.waitForURL((url) => url.pathname === '/pagesFunc/nearby');
      const rows = page.locator('[data-testid="nearby-list"] .adm-list-item');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
      await expect.poll(() => rows.first().textContent()).toContain('中国石化加油站');
      const distances = await page.locator('.nearby-list__distance').allTextContents();
      const unit = language === 'en' ? '(m|km)' : '(米|公里)';
      for (const text of distances) expect(text).toMatch(new RegExp(`^\\d+(\\.\\d)? ${unit}$`));
      await shot('fuel');

      await page.getByRole('tab', { name: texts.nearby.charging }).click();
      await expect.poll(() => rows.first().textContent()).toContain('特来电充电站');
      expect(new URL(page.url()).searchParams.get('type')).toBe('charging');
      await shot('charging');
    });

    it('opens the open-location page of a place from "navigate"', async () => {
      await page
        .locator('[data-testid="nearby-list"] .adm-list-item')
        .first()
        .getByRole('button', { name: texts.nearby.navigate })
        .click();
      await page.waitForURL((url) => url.pathname === '/open-location');
      const sheet = page.locator('[data-testid="open-location-sheet"]');
      await expect.poll(() => sheet.textContent()).toContain('特来电充电站');
      expect(await sheet.textContent()).toContain('测试路1号');
      expect(await page.locator('.location-apps button').count()).toBeGreaterThan(0);
      expect(await page.locator('.adm-nav-bar-title').textContent()).toBe(texts.nearby.placeTitle);
      await shot('open-location');
    });

    it('draws the stations around the selected device on the home map', async () => {
      await page.goto('/');
      await launched(page);
      const control = page.getByTestId('nearby-control');
      await expect.poll(() => control.textContent()).toBe(texts.nearby.control);
      await control.click();
      await page.getByText(texts.nearby.fuel, { exact: true }).click();
      await expect.poll(() => page.locator('.map-pin--small').count(), { timeout: 15_000 }).toBe(3);
      expect(await control.textContent()).toBe(texts.nearby.fuel);
      await page.locator('.adm-action-sheet').waitFor({ state: 'hidden' });
      await shot('home');
    });
  });

  describe('without an AMap key', () => {
    let plain: RunningServer;
    beforeAll(async () => {
      plain = await startServer();
    });
    afterAll(() => plain?.stop());

    it('shows neither the grid entry nor the map control', async () => {
      const { page, deviceId } = await signedInPage(browser, plain, 'zh-CN', false);
      await page.goto(`/pagesFunc/index?id=${deviceId}`);
      await launched(page);
      await page.locator('[data-function="deviceInfo"]').waitFor();
      expect(await page.locator('[data-function="nearby"]').count()).toBe(0);
      await page.goto('/');
      await launched(page);
      await page.getByTestId('map-type').waitFor();
      expect(await page.getByTestId('nearby-control').count()).toBe(0);
      await page.context().close();
    });
  });
});
