import path from 'node:path';
import { alarmNames } from '@xunji/shared';
import type { Trip, VirtualDevice } from '@xunji/simulator';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { startSimulatedDevice } from './support/simulated-device.js';
import { repositoryRoot } from './support/start-server.js';

type Language = 'zh-CN' | 'en';
const TEXTS = { 'zh-CN': zh, en } as const;

/** The demo fleet's GT06 car and child watch (demo-fleet.ts); the watch's SIM number. */
const DEMO_CAR = '爱车 Car';
const DEMO_WATCH = '孩子手表 Child watch';
const DEMO_WATCH_SIM = '13800000003';

/** A car of the test's own, cruising, to be switched off. */
const OFFLINE_CAR = { terminalNo: '868120355500001', name: 'E2E 停驶车' };
/** A watch of the test's own with a SIM number, to raise an SOS on. */
const SOS_WATCH = { terminalNo: '8600055501', name: 'E2E 手表', simNo: '13800055501' };

describe('the device card and alarm actions', () => {
  let server: LiveServer;
  let browser: Browser;
  let offlineCar: VirtualDevice;
  let sosWatch: VirtualDevice;
  let sosTrip: Trip | undefined;

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '2', DEMO_HISTORY_H: '1' });
    browser = await launchBrowser();
    offlineCar = await startSimulatedDevice(server, {
      ...OFFLINE_CAR,
      protocol: 'gt06',
      model: 'GT06N',
      cruiseKmh: { min: 50, max: 60 },
    });
    sosWatch = await startSimulatedDevice(server, {
      ...SOS_WATCH,
      protocol: 'watch',
      model: 'D9',
      onTrip: (trip) => (sosTrip = trip),
    });
  });
  afterAll(async () => {
    offlineCar?.stop();
    sosWatch?.stop();
    await browser?.close();
    await server?.stop();
  });

  async function phone(language: Language): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    const page = await context.newPage();
    await signInAsDemo(page);
    return page;
  }

  const shot = (page: Page, name: string, language: Language) =>
    page.screenshot({
      path: path.join(repositoryRoot, `test-results/card-${name}-${language}.png`),
    });

  /** Shows a device on the home map the way a user does: its row in the device list. */
  async function showOnMap(page: Page, name: string): Promise<Locator> {
    await page.goto('/pagesDevice/deviceList/index');
    await page.locator('.device-row').filter({ hasText: name }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const card = page.getByTestId('device-card');
    await expect.poll(() => card.getAttribute('aria-label')).toBe(name);
    return card;
  }

  const fact = (card: Locator, key: string) => card.locator(`[data-fact="${key}"] dd`);

  for (const language of ['zh-CN', 'en'] as const) {
    const t = TEXTS[language];

    it(`shows a car's ignition, mileage and signal with units (${language})`, async () => {
      const page = await phone(language);
      const card = await showOnMap(page, DEMO_CAR);
      expect(await card.getAttribute('data-kind')).toBe('vehicle');
      await expect
        .poll(() => fact(card, 'acc').textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`^(${t.home.card.accOn}|${t.home.card.accOff})$`));
      await expect
        .poll(() => fact(card, 'odometer').textContent(), { timeout: 15_000 })
        .toMatch(/^\d+\.\d km$/);
      await expect.poll(() => fact(card, 'todayMileage').textContent()).toMatch(/^\d+\.\d km$/);
      await expect.poll(() => fact(card, 'signal').textContent()).toMatch(/^\d+%$/);
      expect(await card.locator('[data-fact="signal"] .signal-bars i').count()).toBe(4);
      // Only what the device reports: the demo car sends no external voltage.
      expect(await fact(card, 'voltage').count()).toBe(0);
      expect(await card.textContent()).not.toContain('--');
      expect(await card.locator('a[href^="tel:"]').count()).toBe(0);
      await shot(page, 'car', language);
      // The narrowest phones: every fact still fits its column.
      await page.setViewportSize({ width: 320, height: 640 });
      const overflowing = () =>
        card
          .locator('[data-fact] dd')
          .evaluateAll(
            (values) => values.filter((value) => value.scrollWidth > value.clientWidth).length,
          );
      await expect.poll(overflowing).toBe(0);
      await shot(page, 'car-320', language);
      await page.context().close();
    });

    it(`puts a watch's battery up front with a call button (${language})`, async () => {
      const page = await phone(language);
      const card = await showOnMap(page, DEMO_WATCH);
      expect(await card.getAttribute('data-kind')).toBe('watch');
      await expect
        .poll(() => card.getByTestId('card-battery').textContent(), { timeout: 15_000 })
        .toMatch(/^\d+%/);
      const call = card.getByRole('link', { name: `${t.home.card.call} ${DEMO_WATCH_SIM}` });
      expect(await call.getAttribute('href')).toBe(`tel:${DEMO_WATCH_SIM}`);
      expect(await call.textContent()).toBe(t.home.card.call);
      for (const key of ['acc', 'voltage', 'odometer', 'todayMileage'])
        expect(await fact(card, key).count()).toBe(0);
      await shot(page, 'watch', language);
      await page.setViewportSize({ width: 320, height: 640 });
      await shot(page, 'watch-320', language);
      await page.context().close();
    });
  }

  it('tells an offline car as it was: its last speed and the age of its fix, never as live', async () => {
    const pages = { 'zh-CN': await phone('zh-CN'), en: await phone('en') };
    const cards = {
      'zh-CN': await showOnMap(pages['zh-CN'], OFFLINE_CAR.name),
      en: await showOnMap(pages.en, OFFLINE_CAR.name),
    };
    await expect
      .poll(() => fact(cards.en, 'speed').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+\.\d\d km\/h$/);
    offlineCar.stop();
    for (const language of ['zh-CN', 'en'] as const) {
      const t = TEXTS[language];
      const card = cards[language];
      await expect
        .poll(() => card.locator('.state-badge').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('offline');
      const lastSpeed = card.getByTestId('card-last-speed');
      await lastSpeed.waitFor();
      // "Last speed 53.27 km/h, just now": the speed of its last fix, and that fix's age.
      const ages = [t.devices.age.justNow, t.devices.age.minutes.replace('{{count}}', '1')];
      const said = (await lastSpeed.textContent()) ?? '';
      const speed = /\d+\.\d\d/.exec(said)?.[0] ?? 'none';
      expect(
        ages.map((age) =>
          t.home.card.lastSpeed.replace('{{speed}}', speed).replace('{{age}}', age),
        ),
      ).toContain(said);
      expect(Number(speed)).toBeGreaterThanOrEqual(50);
      expect(await fact(card, 'speed').count()).toBe(0);
      expect(await card.getAttribute('class')).toContain('is-past');
      await shot(pages[language], 'offline', language);
      // The list row tells the age of each device's fix too.
      await pages[language].goto('/pagesDevice/deviceList/index');
      const row = pages[language].locator('.device-row').filter({ hasText: OFFLINE_CAR.name });
      await expect.poll(() => row.locator('.fix-age').textContent()).toMatch(/\S/);
      await shot(pages[language], 'device-list', language);
    }
    await pages['zh-CN'].context().close();
    await pages.en.context().close();
  });

  it("shows each device's newest alarm in the message tab; the alarm's actions work", async () => {
    sosTrip!.raise('sos');
    for (const language of ['zh-CN', 'en'] as const) {
      const t = TEXTS[language];
      const page = await phone(language);
      await page.goto('/pages/message/msg');
      const row = page.locator('.alarm-inbox__devices [data-terminal-id]').filter({
        hasText: SOS_WATCH.name,
      });
      await expect
        .poll(() => row.locator('.latest-alarm__name').textContent(), { timeout: 20_000 })
        .toBe(alarmNames.sos[language]);
      await shot(page, 'messages', language);

      await row.click();
      await page.locator('.alarm-row').first().click();
      const actions = page.getByTestId('alarm-actions');
      await actions.waitFor();
      const call = actions.getByRole('link', { name: t.alarms.statement.call });
      await expect.poll(() => call.getAttribute('href')).toBe(`tel:${SOS_WATCH.simNo}`);
      await shot(page, 'alarm', language);
      const details = page.url();

      await actions.getByRole('button', { name: t.alarms.statement.navigate }).click();
      await page.waitForURL('**/open-location?id=*');
      await page.getByTestId('open-location-sheet').waitFor();
      expect(await page.getByTestId('open-location-sheet').textContent()).toContain(SOS_WATCH.name);

      await page.goto(details);
      await page.getByRole('button', { name: t.alarms.statement.live }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => page.getByTestId('device-card').getAttribute('aria-label'))
        .toBe(SOS_WATCH.name);
      await page.context().close();
    }
  });
});
