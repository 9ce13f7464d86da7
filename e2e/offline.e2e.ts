import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { callAs } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext, VIEWPORT } from './support/browser.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

type Texts = typeof en;
const LANGUAGES = [
  ['zh-CN', zh],
  ['en', en],
] as const;

/** The app with the server going away and coming back, in both languages at once. */
describe('offline: the server stopped while the app is open, then back', () => {
  let server: RunningServer;
  let browser: Browser;
  /** A device of nobody's. */
  let foreignId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const created = await admin(
      server,
      'device:create',
      '--terminal-no',
      '868120355599999',
      '--password',
      '135790',
      '--protocol',
      'gt06',
    );
    foreignId = Number(/created device (\d+)/.exec(created)?.[1]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function phone(language: string): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    return context.newPage();
  }

  /** The first device of the signed-in account. */
  async function firstDeviceId(page: Page): Promise<number> {
    const { list } = await callAs<{ list: { id: number }[] }>(
      page,
      'GET',
      '/terminal/page?page=1&limit=100',
    );
    return list[0]!.id;
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(repositoryRoot, `test-results/offline-${name}.png`) });

  /** In-app navigation (the router follows history), as a tap on a link would do. */
  const openInApp = (page: Page, url: string) =>
    page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);

  /** The banner on screen (the floating one is hidden by a page layout's own). */
  /** Screenshots at a 320 px phone and a 1280×800 desktop too; the banner stays on the app. */
  async function shotAtSizes(page: Page, name: string) {
    await shot(page, name);
    for (const size of [
      { width: 320, height: 700 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const box = await banner(page).boundingBox();
      const column = await page.locator('#root').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(column!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(column!.x + column!.width);
      await shot(page, `${name}-${size.width}`);
    }
    await page.setViewportSize(VIEWPORT);
  }

  const banner = (page: Page) => page.locator('[data-testid="offline-banner"]:visible');
  const failure = (page: Page) => page.locator('[data-failure]');
  const navBack = (page: Page) => page.locator('.adm-nav-bar-back');
  const visible = (locator: ReturnType<Page['locator']>) => locator.isVisible();

  /** What a page reached while the server is down must not say (nor be the not-found page). */
  async function expectOfflineState(page: Page, texts: Texts) {
    await expect.poll(() => failure(page).getAttribute('data-failure')).toBe('offline');
    expect(await failure(page).textContent()).toContain(texts.failure.offlineTitle);
    expect(await visible(navBack(page))).toBe(true);
    expect(await visible(page.getByRole('button', { name: texts.failure.retry }))).toBe(true);
    const body = await page.locator('#root').innerText();
    expect(body).not.toContain(texts.notFound.title);
    expect(body).not.toContain(texts.failure.deviceNotFound);
  }

  it('shows the banner, an offline state with the navigation bar and a retry; all clears when the server is back', async () => {
    const pages = await Promise.all(
      LANGUAGES.map(async ([language, texts]) => ({ page: await phone(language), texts })),
    );
    for (const { page } of pages) {
      await signInAsDemo(page);
      await page.getByTestId('device-card').waitFor();
      // Every page's code is in the service worker's cache once it is ready.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    }
    const deviceId = await firstDeviceId(pages[0]!.page);
    for (const { page } of pages) expect(await visible(banner(page))).toBe(false);

    await server.halt();

    for (const { page, texts } of pages) {
      const language = texts === zh ? 'zh' : 'en';
      // Home, open when the server went: its live socket finds it gone.
      await banner(page).waitFor({ timeout: 15_000 });
      expect(await banner(page).textContent()).toBe(texts.failure.offlineTitle);
      await shotAtSizes(page, `banner-home-${language}`);

      // A device page reached while the server is down: its code is cached, its data is not there.
      await openInApp(page, `/pagesDevice/info/device?id=${deviceId}`);
      await expectOfflineState(page, texts);
      expect(await banner(page).textContent()).toBe(texts.failure.offlineBanner);
      await shotAtSizes(page, `device-page-${language}`);

      // The same from a fresh load: the service worker answers with the app and every chunk.
      await page.goto(`/pagesDevice/fenc/table?id=${deviceId}`);
      await expectOfflineState(page, texts);
      await shot(page, `fences-reload-${language}`);

      // Lists that could not load say so, not "no devices".
      await page.goto('/pagesDevice/deviceList/index');
      await expectOfflineState(page, texts);
      await page.goto('/pages/message/msg');
      await expect.poll(() => failure(page).getAttribute('data-failure')).toBe('offline');
      expect(await page.locator('#root').innerText()).not.toContain(texts.alarms.noDevices);
      await shot(page, `messages-tab-${language}`);
    }

    await server.resume();

    for (const { page, texts } of pages) {
      await banner(page).waitFor({ state: 'hidden', timeout: 15_000 });
      await page.getByRole('button', { name: texts.failure.retry }).click();
      await expect.poll(() => failure(page).count(), { timeout: 10_000 }).toBe(0);
      await page.locator('[data-terminal-id]:not([data-terminal-id="all"])').first().waitFor();
    }
  });

  it('a page whose code does not arrive keeps the navigation bar, says so, and its retry loads it', async () => {
    for (const [language, texts] of LANGUAGES) {
      // Without the service worker, whose cache would hand the code over anyway.
      const context = await newPhoneContext(browser, server.baseUrl, language, {
        serviceWorkers: 'block',
      });
      await context.addInitScript(appSettings, { language });
      const page = await context.newPage();
      await signInAsDemo(page);
      await page.getByTestId('device-card').waitFor();
      const deviceId = await firstDeviceId(page);
      await page.route('**/assets/**', (route) => route.abort());
      await openInApp(page, `/pagesDevice/fenc/table?id=${deviceId}`);
      await expect.poll(() => failure(page).getAttribute('data-failure')).toBe('serverError');
      expect(await failure(page).textContent()).toContain(texts.failure.pageNotLoaded);
      expect(await visible(navBack(page))).toBe(true);
      await shot(page, `chunk-failed-${language === 'en' ? 'en' : 'zh'}`);

      await page.unroute('**/assets/**');
      await page.getByRole('button', { name: texts.failure.retry }).click();
      await page.getByTestId('fence-list').or(page.getByText(texts.fences.empty)).waitFor();
      await context.close();
    }
  });

  /** The device pages that load the device's data (voice asks for its terms first). */
  const DEVICE_PAGES = [
    '/pagesDevice/info/set',
    '/pagesDevice/track/index',
    '/pagesDevice/report/table',
    '/pagesDevice/fenc/table',
    '/pagesDevice/fenc/details',
    '/pagesDevice/alarm/index',
    '/pagesDevice/remote-set',
    '/pagesDevice/set-list',
    '/pagesDevice/self-inspection',
    '/pagesDevice/voice/voice-recycle',
    '/pagesFunc/index',
    '/pagesUser/account/bind-more-user',
  ];

  /** "Not found or no access" in the page's body, the navigation bar kept, no "system error". */
  async function expectNotFound(page: Page, texts: Texts, titles: string[]) {
    await expect.poll(() => failure(page).getAttribute('data-failure')).toBe('notFound');
    const said = (await failure(page).textContent()) ?? '';
    expect(
      titles.some((title) => said.includes(title)),
      said,
    ).toBe(true);
    expect(await visible(navBack(page))).toBe(true);
    expect(await page.locator('#root').innerText()).not.toContain(texts.errors.systemError);
  }

  it('an unknown or foreign device id says "not found or no access", with the navigation bar', async () => {
    for (const [language, texts] of LANGUAGES) {
      const page = await phone(language);
      await signInAsDemo(page);
      for (const id of [999_999, foreignId]) {
        await page.goto(`/pagesDevice/info/device?id=${id}`);
        await expectNotFound(page, texts, [texts.failure.deviceNotFound]);
      }
      await shot(page, `not-found-${language === 'en' ? 'en' : 'zh'}`);
      await page.goto('/pagesMore/message/statement?id=999999');
      await expectNotFound(page, texts, [texts.alarms.statement.missing]);
      // A path the app has no page for: the not-found page, in the same words and look.
      await page.goto('/pagesDevice/no-such-page');
      await expectNotFound(page, texts, [texts.notFound.text]);
      await shot(page, `no-such-page-${language === 'en' ? 'en' : 'zh'}`);
    }
    const page = await phone('en');
    await signInAsDemo(page);
    for (const path of DEVICE_PAGES) {
      await page.goto(`${path}?id=${foreignId}`);
      // A device page says it of the device; a list of the device's, of what it lists.
      await expectNotFound(page, en, [en.failure.deviceNotFound, en.failure.notFoundTitle]);
    }
  });
});
