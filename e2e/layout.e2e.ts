import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser } from './support/browser.js';
import {
  COLUMN_MAX_WIDTH,
  measureLayout,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from './support/layout.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';

const LANGUAGES = { 'zh-CN': zh, en } as const;
type Language = keyof typeof LANGUAGES;

/** The day 90 minutes ago (browser and test share the zone): it holds the demo's history. */
function dayWithHistory(): string {
  const then = new Date(Date.now() - 90 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`;
}

const HAN = /\p{Script=Han}/u;

describe('layout at 320 px, 390 px and on a 1280×800 desktop, in both languages', () => {
  let server: LiveServer;
  let browser: Browser;
  let carId: number;
  const date = dayWithHistory();

  beforeAll(async () => {
    // Three hours of driving and parking come up from each demo device as it first logs in.
    server = await startLiveServer({ DEMO_INTERVAL_S: '10', DEMO_HISTORY_H: '3' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(language: Language, viewport: ViewportName): Promise<BrowserContext> {
    const size = VIEWPORTS[viewport];
    const phone = viewport !== 'desktop';
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: size,
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      locale: language,
    });
    await context.addInitScript(appSettings, { language });
    return context;
  }

  /** Fails on any horizontal overflow, and on a desktop on anything outside the column. */
  async function checkLayout(page: Page, viewport: ViewportName, name: string) {
    await screenshot(page, name);
    const layout = await measureLayout(page);
    expect(layout.scrollWidth, name).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.overflowing, name).toEqual([]);
    const { width } = VIEWPORTS[viewport];
    if (viewport === 'desktop') {
      expect(layout.column.width, name).toBe(COLUMN_MAX_WIDTH);
      expect(layout.column.left + layout.column.width / 2, name).toBeCloseTo(width / 2, 0);
    } else {
      expect(layout.column.width, name).toBe(width);
    }
  }

  describe.each(Object.keys(LANGUAGES) as Language[])('in %s', (language) => {
    const texts = LANGUAGES[language];

    it.each(Object.keys(VIEWPORTS) as ViewportName[])(
      'the pages of issue 16 fit at %s',
      async (viewport) => {
        const context = await open(language, viewport);
        const page = await context.newPage();
        const check = (name: string) =>
          checkLayout(page, viewport, `${language}-${viewport}-${name}`);
        try {
          await signInAsDemo(page);
          carId ??= await deviceIdOf(page, '868120300000001');
          await page.locator('.home').waitFor();
          await page.waitForTimeout(1500);
          await check('home');

          await page.goto('/pagesDevice/deviceList/index');
          await page.locator('.device-list [data-status], .list-status').first().waitFor();
          await check('device-list');

          await page.goto('/pages/message/msg');
          await page.locator('.alarm-inbox__all').waitFor();
          await check('message-tab');

          await page.goto('/pagesMore/message/table');
          await page.locator('.list-status, .paged-list__empty').first().waitFor();
          await check('message-list');

          await page.goto(`/pagesDevice/track/index?id=${carId}&date=${date}`);
          await page.locator('[data-track-ready="true"]').waitFor({ timeout: 30_000 });
          await check('track');

          await page.goto(`/pagesDevice/report/table?id=${carId}&date=${date}`);
          await page.getByTestId('report-day-totals').waitFor({ timeout: 30_000 });
          await page.locator('.report-row').first().waitFor();
          await check('report-trips');
          await page.getByText(texts.history.report.stays, { exact: true }).click();
          await page.waitForURL(/tab=stays/);
          await page.locator('.report-row').first().waitFor();
          await check('report-stays');
          await page.getByText(texts.history.report.trips, { exact: true }).click();
          await page.waitForURL(/tab=trips/);
          await page.getByTestId('report-day-totals').waitFor();
          await page.locator('.report-row').first().click();
          await page.getByTestId('report-sheet').waitFor();
          await page.waitForTimeout(1000);
          await check('report-details');

          await page.goto(`/pagesDevice/fenc/details?id=${carId}`);
          await page.getByText(texts.fences.type.district, { exact: true }).click();
          await page.getByTestId('fence-region').click();
          const cascader = page.locator('.adm-cascader');
          await cascader.locator('.adm-check-list-item').first().waitFor();
          await page.waitForTimeout(500);
          await check('fence-region-picker');
        } finally {
          await context.close();
        }
      },
      180_000,
    );
  });

  it('speaks English to an English browser: list words, the region tree and addresses', async () => {
    const context = await open('en', 'phone');
    const page = await context.newPage();
    try {
      await signInAsDemo(page);
      carId ??= await deviceIdOf(page, '868120300000001');

      // antd-mobile's own pull-to-refresh words, on a list that gives none of its own.
      await page.goto('/pagesDevice/deviceList/index');
      const devicePull = page.locator('.adm-pull-to-refresh-head').first();
      await devicePull.waitFor({ state: 'attached' });
      expect(await devicePull.textContent()).toMatch(/refresh/i);

      // The report: the shared list words, English addresses and the day's totals.
      await page.goto(`/pagesDevice/report/table?id=${carId}&date=${date}`);
      const rows = page.locator('.report-row');
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.adm-pull-to-refresh-head').first().textContent()).toBe(
        en.lists.pulling,
      );
      await expect
        .poll(() => page.locator('.list-status').textContent())
        .toMatch(new RegExp(`^(${en.lists.status.nomore}|${en.lists.status.loadmore})$`));
      const addresses = await page.locator('.report-row__address').allTextContents();
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) expect(address).not.toMatch(HAN);
      expect(await page.getByTestId('report-day-totals').textContent()).toContain(
        en.history.report.dayTotals.drivingTime,
      );

      // A trip's link opens it again after a reload with nothing handed over (the server finds
      // the trip by its times).
      await rows.first().click();
      await page.getByTestId('report-sheet').waitFor();
      const link = page.url();
      expect(link).toMatch(/type=trip&start=\d+&end=\d+/);
      await page.evaluate(() => localStorage.removeItem('xunji.report'));
      await page.goto(link);
      await page.getByTestId('report-sheet').waitFor();
      expect(await page.getByTestId('report-sheet').textContent()).toMatch(/km|m/);

      // The region picker names provinces, cities and districts in English.
      await page.goto(`/pagesDevice/fenc/details?id=${carId}`);
      await page.getByText(en.fences.type.district, { exact: true }).click();
      await page.getByTestId('fence-region').click();
      const cascader = page.locator('.adm-cascader');
      await cascader.getByText('Guangdong', { exact: true }).click();
      await cascader.getByText('Shenzhen', { exact: true }).click();
      await cascader.getByText('Nanshan District', { exact: true }).click();
      const names = await cascader.locator('.adm-check-list-item').allTextContents();
      for (const name of names) expect(name).not.toMatch(HAN);
      await cascader.getByText(en.common.confirm, { exact: true }).click();
      await expect
        .poll(() => page.getByTestId('fence-region').textContent())
        .toContain('Guangdong / Shenzhen / Nanshan District');
    } finally {
      await context.close();
    }
  }, 120_000);
});
