import path from 'node:path';
import type { VirtualDevice } from '@xunji/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from './support/texts.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { keepPlayedMedia, lastPlayed } from './support/played-media.js';
import { signInAsDemo } from './support/sign-in.js';
import { startSimulatedDevice } from './support/simulated-device.js';
import { repositoryRoot } from './support/start-server.js';

const WATCH = { terminalNo: '8600000077', name: '小明手表 Watch' };
const SECONDS = 10;

/** A resource string with its {{placeholders}} filled in, as i18next does. */
const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('sound security on a simulated watch', () => {
  let server: LiveServer;
  let browser: Browser;
  let page: Page;
  let watch: VirtualDevice;
  let watchId: number;

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '10', DEMO_HISTORY_H: '0' });
    watch = await startSimulatedDevice(server, { protocol: 'watch', model: 'D9', ...WATCH });
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, server.baseUrl, 'zh-CN');
    await context.addInitScript(appSettings, { language: 'zh-CN' });
    await context.addInitScript(keepPlayedMedia);
    page = await context.newPage();
    await signInAsDemo(page);
    watchId = await deviceIdOf(page, WATCH.terminalNo);
  });
  afterAll(async () => {
    watch?.stop();
    await browser?.close();
    await server?.stop();
  });

  it('records 10 s: the recording appears, plays, goes to the recycle bin and comes back', async () => {
    await page.goto(`/pagesDevice/voice/index?id=${watchId}`);
    const terms = page.getByRole('region', { name: zh.voice.terms.title });
    await terms.getByRole('button', { name: zh.voice.terms.accept }).click();

    const record = page.getByRole('region', { name: zh.voice.record.title });
    const tenSeconds = record
      .getByRole('group', { name: zh.voice.record.length })
      .getByRole('button', { name: fill(zh.remote.units.seconds, { value: SECONDS }) });
    await tenSeconds.click();
    expect(await tenSeconds.getAttribute('aria-pressed')).toBe('true');
    await record.getByRole('button', { name: zh.voice.record.start }).click();
    // The watch echoes the command, records, and uploads 10 s later.
    await record.locator('.command-status[data-outcome="succeeded"]').waitFor();
    const asked = Date.now();

    const list = page.getByRole('region', { name: zh.voice.list.title });
    const row = list.locator('.audio-row');
    await row.waitFor({ timeout: (SECONDS + 15) * 1000 });
    expect(Date.now() - asked).toBeGreaterThan((SECONDS - 1) * 1000);
    expect(await row.count()).toBe(1);
    const recordId = await row.getAttribute('data-record');
    const duration = Number(
      (await row.locator('.audio-row__duration').textContent())!.slice(0, -1),
    );
    expect(duration).toBeGreaterThan(SECONDS - 0.5);
    expect(duration).toBeLessThan(SECONDS + 0.5);
    await row.getByRole('img', { name: zh.voice.list.unread }).waitFor();
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/voice-list-zh.png') });

    // Tap to play: the audio element's time advances, the icon cycles, the unread dot goes.
    await row.click();
    await expect
      .poll(async () => (await lastPlayed(page))?.currentTime ?? 0, { timeout: 5000 })
      .toBeGreaterThan(1);
    expect((await lastPlayed(page))!.duration).toBeCloseTo(SECONDS, 0);
    const frames = new Set<string | null>();
    await expect
      .poll(
        async () => frames.add(await row.locator('.play-icon').getAttribute('data-frame')).size,
        { timeout: 5000, interval: 100 },
      )
      .toBe(3);
    expect(await row.getByRole('img', { name: zh.voice.list.unread }).count()).toBe(0);
    await row.click(); // stop

    // Select it, delete it to the recycle bin.
    await page.getByRole('button', { name: zh.voice.list.select, exact: true }).click();
    await row.click();
    expect(await row.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: fill(zh.voice.list.delete, { count: 1 }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fill(zh.voice.list.deleteConfirm, { count: 1 })).waitFor();
    await dialog.getByRole('button', { name: zh.common.confirm }).click();
    await list.getByText(zh.voice.list.empty).waitFor();
    expect(await row.count()).toBe(0);
    const trashLink = page.locator('[data-link="trash"]');
    await expect
      .poll(() => trashLink.textContent(), { timeout: 5000 })
      .toBe(`${zh.voice.trash.title}1`);

    // In the bin, recover them all; back on the page, it is there again.
    await trashLink.click();
    await page.waitForURL((url) => url.pathname === '/pagesDevice/voice/voice-recycle');
    const binned = page.locator(`.audio-row[data-record="${recordId}"]`);
    await binned.waitFor();
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/voice-bin-zh.png') });
    await page.getByRole('button', { name: zh.voice.trash.recoverAll }).click();
    await page.getByText(zh.voice.trash.recovered).waitFor();
    await page.getByText(zh.voice.trash.empty).waitFor();
    expect(await page.locator('.audio-row').count()).toBe(0);

    await page.goBack();
    await page.locator(`.audio-row[data-record="${recordId}"]`).waitFor();
    expect(await list.locator('.audio-row').count()).toBe(1);
  }, 90_000);
});
