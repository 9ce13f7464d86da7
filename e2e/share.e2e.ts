import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot } from './support/start-server.js';

type Language = 'zh-CN' | 'en';
const TEXTS = { 'zh-CN': zh, en } as const;

/** The demo fleet's GT06 car (demo-fleet.ts). */
const DEMO_CAR = { terminalNo: '868120300000001', name: '爱车 Car' };

describe('location sharing', () => {
  let server: LiveServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '1', DEMO_HISTORY_H: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A phone in `language`; signed in as the demo user when `signedIn`. */
  async function phone(language: Language, signedIn: boolean): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (signedIn) await signInAsDemo(page);
    return page;
  }

  const shot = (page: Page, name: string, language: Language) =>
    page.screenshot({
      path: path.join(repositoryRoot, `test-results/share-${name}-${language}.png`),
    });

  const centreOf = (page: Page) => page.locator('.xj-map').getAttribute('data-center');

  it.each(['zh-CN', 'en'] as const)(
    '%s: the owner shares the demo car; anyone with the link follows it until it is revoked',
    async (language) => {
      const t = TEXTS[language];
      const owner = await phone(language, true);
      const carId = await deviceIdOf(owner, DEMO_CAR.terminalNo);

      // The functions grid's entry opens the share sheet of the device.
      await owner.goto(`/pagesFunc/index?id=${carId}`);
      await owner.locator('[data-function="shareLocation"]').click();
      await owner.waitForURL((url) => url.search === `?id=${carId}`);
      await owner.getByText(t.share.noLinks).waitFor();
      await shot(owner, 'sheet', language);

      await owner.locator('.adm-selector-item', { hasText: t.share.durations.h12 }).click();
      await owner.getByRole('button', { name: t.share.create }).click();
      const link = (await owner.getByTestId('share-link').textContent()) ?? '';
      expect(link).toMatch(/\/pagesMore\/distribute\/location\?code=[A-Za-z0-9_-]{22,64}$/);
      await owner.getByTestId('share-live-link').waitFor();
      expect(await owner.getByTestId('share-live-links').textContent()).toContain(
        t.share.durations.h12,
      );
      await shot(owner, 'created', language);

      // Someone else, never signed in, opens the link.
      const guest = await phone(language, false);
      const { pathname, search } = new URL(link);
      await guest.goto(pathname + search);
      const sheet = guest.getByTestId('share-sheet');
      await sheet.waitFor();
      expect(await sheet.textContent()).toContain(DEMO_CAR.name);
      const address = (await guest.getByTestId('share-address').textContent()) ?? '';
      expect(address.length).toBeGreaterThan(2);
      expect(address).not.toBe(t.share.addressUnknown);
      await guest.locator('[data-fact="age"] .fix-age').waitFor();
      expect(await guest.getByTestId('share-countdown').textContent()).toMatch(/\d\d:\d\d:\d\d/);

      // The car drives on: the page asks every 10 s and the map follows it.
      // The map (loaded with the first position) centres on the car.
      await expect
        .poll(() => centreOf(guest), { timeout: 15_000 })
        .toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
      const first = await centreOf(guest);
      await expect.poll(() => centreOf(guest), { timeout: 30_000, interval: 1000 }).not.toBe(first);
      await shot(guest, 'public', language);

      // The owner ends the share: the open page says so at its next look.
      await owner.getByRole('button', { name: t.share.revoke, exact: true }).click();
      await owner.getByRole('button', { name: t.common.confirm }).click();
      await owner.getByText(t.share.noLinks).waitFor();
      await guest.getByTestId('share-ended').waitFor({ timeout: 20_000 });
      expect(await guest.textContent('body')).toContain(t.share.ended.title);
      await shot(guest, 'ended', language);

      await owner.context().close();
      await guest.context().close();
    },
    90_000,
  );

  it('a link open past its end says the share has ended', async () => {
    const t = TEXTS.en;
    const owner = await phone('en', true);
    const carId = await deviceIdOf(owner, DEMO_CAR.terminalNo);
    await owner.goto(`/pagesMore/distribute/location?id=${carId}`);
    await owner.locator('.adm-selector-item', { hasText: t.share.durations.h24 }).click();
    await owner.getByRole('button', { name: t.share.create }).click();
    const link = (await owner.getByTestId('share-link').textContent()) ?? '';

    const guest = await phone('en', false);
    await guest.clock.install();
    const { pathname, search } = new URL(link);
    await guest.goto(pathname + search);
    await guest.getByTestId('share-sheet').waitFor();
    // A day and a few seconds later on the viewer's clock: the page ends the share by itself.
    await guest.clock.fastForward('24:00:05');
    await guest.getByTestId('share-ended').waitFor({ timeout: 20_000 });
    expect(await guest.textContent('body')).toContain(t.share.ended.title);

    await owner.context().close();
    await guest.context().close();
  }, 60_000);
});
