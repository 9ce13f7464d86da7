import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enPackages from '../apps/web/src/i18n/commerce/packages/en.js';
import zhPackages from '../apps/web/src/i18n/commerce/packages/zh-CN.js';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

/** The demo car: its SIM card, packages and plans come with the demo data. */
const CAR = '868120300000001';
/** The demo pet tracker, its service made to end on 2025/01/31 here. */
const PET = '8600000005';
const PET_EXPIRED_ON = '2025/01/31';
/** The demo truck, made never activated here (a period that ends where it starts, §4 state 2). */
const TRUCK = '138000000002';

const LANGUAGES = [
  ['zh-CN', zh, zhPackages],
  ['en', en, enPackages],
] as const;

const title = (page: Page) => page.locator('.adm-nav-bar-title').first();

async function signedInPage(browser: Browser, server: RunningServer, language: string) {
  const context = await newPhoneContext(browser, server.baseUrl, language, {
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(appSettings, { language });
  const page = await context.newPage();
  await signInAsDemo(page);
  return page;
}

describe('SIM card, value-added services and activation', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await admin(server, 'device:service', '--terminal-no', TRUCK, '--days', '0');
    await admin(
      server,
      'device:service',
      '--terminal-no',
      PET,
      '--days',
      '30',
      '--from',
      '2025-01-01',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(LANGUAGES)('in %s', (language, texts, packages) => {
    let page: Page;
    let carId: number;
    let petId: number;
    let truckId: number;
    const errors: string[] = [];

    beforeAll(async () => {
      page = await signedInPage(browser, server, language);
      page.on('pageerror', (error) => errors.push(error.message));
      carId = await deviceIdOf(page, CAR);
      petId = await deviceIdOf(page, PET);
      truckId = await deviceIdOf(page, TRUCK);
    });
    afterAll(() => page?.context().close());

    const shot = (name: string) =>
      page.screenshot({
        path: path.join(repositoryRoot, `test-results/packages-${name}-${language}.png`),
        fullPage: true,
      });

    it('the ICCID row opens the SIM card page: state, usage, dates and packages', async () => {
      await page.goto(`/pagesDevice/info/device?id=${carId}`);
      await page.locator('[data-link="simCard"]').click();
      await page.waitForURL(`**/pagesDevice/sim-card?id=${carId}`);
      const data = page.locator('[data-usage="data"]');
      await data.waitFor();
      await expect.poll(() => title(page).textContent()).toBe(packages.sim.title);
      expect(await data.textContent()).toMatch(/\d+(\.\d+)? (MB|GB) \/ \d+(\.\d+)? (MB|GB)\d+%/);
      expect(await page.locator('[data-usage="sms"]').textContent()).toContain(packages.sim.sms);
      expect(await page.locator('[data-sim-state]').textContent()).toMatch(
        new RegExp(Object.values(packages.sim.state).join('|')),
      );
      expect(await page.getByTestId('usage-age').textContent()).not.toBe(packages.sim.notUpdated);
      await page.locator('.package-card').first().waitFor();
      expect(await page.locator('.packages__title').allTextContents()).toEqual([
        packages.sim.dataPackages,
        packages.sim.smsPackages,
      ]);
      expect(await page.locator('.package-card__price').first().textContent()).toMatch(
        /^¥\d+\.\d{2}$/,
      );
      await shot('sim-card');
      expect(errors).toEqual([]);
    });

    it('the value-added services: the period, call minutes, and one path’s packages', async () => {
      await page.goto(`/pagesBuy/service/index?id=${carId}`);
      await page.getByTestId('service-period').waitFor();
      await expect.poll(() => title(page).textContent()).toBe(packages.services.title);
      expect(await page.getByTestId('service-period').textContent()).toMatch(/\d{4}\/\d{2}\/\d{2}/);
      await page.locator('.package-card').first().waitFor();
      await shot('services');
      await page.locator('[data-path="renewal"]').click();
      await page.waitForURL(`**/pagesBuy/service/details?id=${carId}&path=renewal`);
      await expect
        .poll(() => title(page).textContent())
        .toBe(packages.services.paths.renewal.title);
      await page.locator('.package-card').first().waitFor();
      await shot('service-renewal');
      expect(errors).toEqual([]);
    });

    it('the activation page of an activated device: its period and the renewal plans', async () => {
      await page.goto(`/pagesBuy/appreciation/index?id=${carId}`);
      await page.locator('.package-card').first().waitFor();
      expect(await title(page).textContent()).toBe(packages.activation.title);
      expect(await page.locator('.packages__title').textContent()).toBe(
        packages.activation.renewPlans,
      );
      await shot('activation');
      expect(errors).toEqual([]);
    });

    it('the activation page of a device never activated: the plans with the free trial', async () => {
      await page.goto(`/pagesBuy/appreciation/index?id=${truckId}`);
      await page.locator('.package-card').first().waitFor();
      expect(await page.locator('.packages__title').textContent()).toBe(packages.activation.plans);
      expect(await page.getByTestId('period-note').textContent()).toBe(
        packages.activation.notActivated,
      );
      const trial = page.locator('.package-card').filter({ hasText: packages.packages.trial });
      expect(await trial.locator('.package-card__price').textContent()).toBe(
        packages.packages.free,
      );
      expect(await trial.getByRole('button').textContent()).toBe(packages.packages.tryFree);
      await shot('activation-trial');
      expect(errors).toEqual([]);
    });

    it('an expired device: its row, details and card say so with Renew; its history says why', async () => {
      const expiredOn = texts.serviceExpiry.expiredOn.replace('{{date}}', PET_EXPIRED_ON);
      await page.goto('/pagesDevice/deviceList/index');
      const row = page.locator(`[data-device-id="${petId}"]`);
      await expect
        .poll(() => row.getByTestId('service-expired').textContent(), { timeout: 15_000 })
        .toBe(`${expiredOn}${texts.serviceExpiry.renew}`);
      await shot('expired-list');
      // Its details still show it, with the same words.
      await page.goto(`/pagesDevice/info/device?id=${petId}`);
      await expect
        .poll(() => page.getByTestId('service-expired').textContent(), { timeout: 15_000 })
        .toBe(`${expiredOn}${texts.serviceExpiry.renew}`);
      await shot('expired-info');
      // The trip reports answer 2303: the page says so instead of failing.
      await page.goto(`/pagesDevice/report/table?id=${petId}`);
      await page.locator('[data-failure="expired"]').waitFor();
      // So does the history track, with the date and the way to renew.
      await page.goto(`/pagesDevice/track/index?id=${petId}`);
      const notice = page.locator('[data-failure="expired"]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(texts.serviceExpiry.title);
      await expect
        .poll(() => notice.getByTestId('service-expired').textContent())
        .toBe(`${expiredOn}${texts.serviceExpiry.renew}`);
      await shot('expired-track');
      await notice.locator('[data-link="renew"]').click();
      await page.waitForURL(`**/pagesBuy/appreciation/index?id=${petId}`);
      await page.locator('[data-service-expired="true"]').waitFor();
      await page.locator('.package-card').first().waitFor();
      // The history page's toast of the 2303, gone before the picture.
      await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
      expect(await page.getByTestId('period-note').textContent()).toBe(
        packages.activation.endedOn.replace('{{date}}', PET_EXPIRED_ON),
      );
      await shot('expired-renewal');
      // Live data still flows: the device stays on the home map with its card.
      await page.goto('/');
      await page.locator('.home__switch').click();
      await page.locator('.home-switcher__list li').filter({ hasText: '宠物' }).click();
      await page.locator('.home-switcher__list').waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.getByTestId('device-card').getByTestId('service-expired').textContent())
        .toBe(`${expiredOn}${texts.serviceExpiry.renew}`);
      await shot('expired-card');
      expect(errors).toEqual([]);
    });
  });
});

describe('audit mode', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    // Before any request: the server keeps an application's configuration for 30 s.
    await admin(server, 'app:set', '--id', '1', 'auditModeWeb=true');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the SIM card page shows the usage and nothing to buy; no purchase entry shows', async () => {
    const page = await signedInPage(browser, server, 'en');
    const carId = await deviceIdOf(page, CAR);
    // Each load starts from the stored settings (the init script's); the launch then settles
    // audit mode, after the first page is on screen.
    const auditSettled = () =>
      expect
        .poll(() =>
          page.evaluate(
            () =>
              (
                JSON.parse(localStorage.getItem('xunji.app') ?? '{}') as {
                  state?: { auditMode?: boolean };
                }
              ).state?.auditMode,
          ),
        )
        .toBe(true);
    await page.goto(`/pagesDevice/info/device?id=${carId}`);
    await auditSettled();
    await page.locator('[data-link="simCard"]').click();
    await page.locator('[data-usage="data"]').waitFor();
    await page.getByTestId('usage-age').waitFor();
    expect(await page.locator('.packages, .package-card').count()).toBe(0);
    await page.screenshot({
      path: path.join(repositoryRoot, 'test-results/packages-audit-sim-card-en.png'),
    });
    await page.goto(`/pagesFunc/index?id=${carId}`);
    await auditSettled();
    await page.locator('[data-function]').first().waitFor();
    const functions = await page
      .locator('[data-function]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-function')));
    expect(functions).not.toContain('topUp');
    expect(functions).not.toContain('valueAdded');
    expect(functions).not.toContain('activation');
    await page.context().close();
  });
});
