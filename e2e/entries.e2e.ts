import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enPackages from '../apps/web/src/i18n/commerce/packages/en.js';
import zhPackages from '../apps/web/src/i18n/commerce/packages/zh-CN.js';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { callAs } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

interface Device {
  id: number;
  terminalName: string;
}

/** A walk takes a few hundred navigations. */
const WALK_TIMEOUT_MS = 240_000;

const LANGUAGES = [
  ['zh-CN', zh, zhPackages],
  ['en', en, enPackages],
] as const;

/** Entries worded for what they show, not for the page they open: label → that page's title. */
const titlesOtherThanLabels = (texts: typeof zh, packages: typeof zhPackages) => ({
  [texts.devices.info.iccid]: packages.sim.title,
  [texts.devices.functions.topUp]: packages.sim.title,
  [texts.devices.info.servicePeriod]: packages.services.title,
  [texts.devices.info.activation]: packages.activation.title,
});

/**
 * No dead ends (issue 16 item 2): every entry the app shows, for every demo device (so each
 * model's feature flags) in both languages, opens a page of its own whose title is the entry's
 * label — never the not-found page, never an uncaught error.
 */
describe('every entry opens its page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(LANGUAGES)('in %s', (language, texts, packages) => {
    const titled: Record<string, string> = titlesOtherThanLabels(texts, packages);
    let page: Page;
    let devices: Device[];
    /** Uncaught errors, each with the entry being walked. */
    const errors: string[] = [];
    let walking = 'sign-in';

    beforeAll(async () => {
      const context = await newPhoneContext(browser, server.baseUrl, language);
      await context.addInitScript(appSettings, { language });
      page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${walking}: ${error.message}`));
      await signInAsDemo(page);
      ({ list: devices } = await callAs<{ list: Device[] }>(
        page,
        'GET',
        '/terminal/page?page=1&limit=100',
      ));
      expect(devices).toHaveLength(5);
    });
    afterAll(() => page?.context().close());

    const shot = (name: string) =>
      page.screenshot({
        path: path.join(repositoryRoot, `test-results/entries-${name}-${language}.png`),
      });

    /** The page's navigation bar title (without a subtitle), '' where there is none. */
    const titleOf = async (): Promise<string> => {
      const title = page.locator('.adm-nav-bar-title').first();
      if ((await title.count()) === 0) return '';
      const main = title.locator('.subtitled-title__main');
      return (
        ((await main.count()) > 0 ? await main.textContent() : await title.textContent()) ?? ''
      );
    };

    /** An entry's label: a list row's main text, a button's text. */
    const labelOf = async (entry: Locator): Promise<string> => {
      const main = entry.locator('.adm-list-item-content-main');
      return (
        ((await main.count()) > 0 ? await main.textContent() : await entry.textContent()) ?? ''
      );
    };

    /**
     * Opens each of `entries` from the page `open` shows (and `ready` confirms), checks the page
     * it leads to, and comes back. Returns the labels walked.
     */
    /**
     * Purchases show once launch has the configuration (and audit mode); the init script clears
     * it at every load, as on a first visit.
     */
    const launched = () =>
      page.waitForFunction(() => {
        const stored = localStorage.getItem('xunji.app');
        return (
          stored !== null &&
          (JSON.parse(stored) as { state?: { config?: unknown } }).state?.config != null
        );
      });

    async function walk(
      where: string,
      open: () => Promise<void>,
      ready: () => Promise<unknown>,
      entries: Locator,
    ): Promise<string[]> {
      await open();
      await launched();
      await ready();
      const count = await entries.count();
      expect(count, `${where}: no entries`).toBeGreaterThan(0);
      const labels: string[] = [];
      for (let index = 0; index < count; index++) {
        const entry = entries.nth(index);
        const label = (await labelOf(entry)).trim();
        walking = `${where} → ${label}`;
        const from = page.url();
        const fromTitle = await titleOf();
        await entry.click();
        await page.waitForURL((url) => url.href !== from);
        await expect
          .poll(titleOf, { message: `${walking}: the page did not open`, timeout: 15_000 })
          .not.toMatch(new RegExp(`^(${fromTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})?$`));
        const title = await titleOf();
        expect(title, `${walking}: led to the not-found page (${page.url()})`).not.toBe(
          texts.notFound.title,
        );
        expect(title, `${walking}: the page's title is not the entry's label`).toBe(
          titled[label] ?? label,
        );
        labels.push(label);
        await page.goBack();
        await page.waitForURL(from);
        await expect.poll(titleOf, { message: `${walking}: back` }).toBe(fromTitle);
        await launched();
        await ready();
      }
      walking = where;
      return labels;
    }

    it(
      'the home card chips of each device',
      async () => {
        for (const device of devices) {
          const card = page.getByTestId('device-card');
          const showsDevice = () =>
            expect
              .poll(() => card.getAttribute('aria-label'), { timeout: 15_000 })
              .toBe(device.terminalName);
          await walk(
            `${device.terminalName}: card`,
            async () => {
              await page.goto('/');
              await card.waitFor();
              await page.locator('.home__switch').click();
              await page
                .locator('.home-switcher__list li')
                .filter({ hasText: device.terminalName })
                .click();
            },
            showsDevice,
            card.locator('nav button'),
          );
        }
        await shot('home-card');
        expect(errors).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );

    it(
      'the functions grid of each device',
      async () => {
        for (const device of devices) {
          const grid = page.locator('[data-function]');
          const labels = await walk(
            `${device.terminalName}: functions`,
            () => page.goto(`/pagesFunc/index?id=${device.id}`).then(() => undefined),
            () => grid.first().waitFor(),
            grid,
          );
          // Every model has these; the rest follow its flags.
          expect(labels).toContain(texts.devices.functions.fences);
          expect(labels).toContain(texts.devices.functions.remoteSettings);
          await shot(`functions-${device.id}`);
        }
        expect(errors).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );

    it(
      'the device info rows and the remote settings links of each device',
      async () => {
        for (const device of devices) {
          const rows = page.locator('[data-link]');
          const labels = await walk(
            `${device.terminalName}: info`,
            () => page.goto(`/pagesDevice/info/device?id=${device.id}`).then(() => undefined),
            () => rows.first().waitFor(),
            rows,
          );
          expect(labels).toContain(texts.devices.info.settings);
          await walk(
            `${device.terminalName}: remote settings`,
            () => page.goto(`/pagesDevice/remote-set?id=${device.id}`).then(() => undefined),
            () => rows.first().waitFor(),
            rows,
          );
        }
        await page.goto(`/pagesDevice/info/device?id=${devices[0]!.id}`);
        await page.locator('[data-link]').first().waitFor();
        await shot('device-info');
        expect(errors).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );

    it(
      'the mine tab',
      async () => {
        const rows = page.locator('[data-link]');
        const labels = await walk(
          'mine',
          () => page.goto('/pages/mi/index').then(() => undefined),
          () => rows.first().waitFor(),
          rows,
        );
        expect(labels).toContain(texts.mine.support);
        await page.goto('/pages/mi/index');
        await rows.first().waitFor();
        await shot('mine');
        expect(errors).toEqual([]);
      },
      WALK_TIMEOUT_MS,
    );
  });
});
