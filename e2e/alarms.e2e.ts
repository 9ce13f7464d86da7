import path from 'node:path';
import { alarmNames } from '@xunji/shared';
import { osmandQuery, type Fix } from '@xunji/simulator';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushServiceStandIn,
  type ReceivedPush,
} from '../apps/server/test/support/push-service-stand-in.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { callAs, deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot } from './support/start-server.js';

/** A phone running OsmAnd (HTTP reports): the test decides every fix it sends. */
const TERMINAL_NO = '868120377700001';
const SCHOOL = { latitude: 39.9087, longitude: 116.3975 };
/** About 2.2 km north of the school: far outside a 500 m circle. */
const AWAY = { latitude: 39.9287, longitude: 116.3975 };

interface AlarmPush {
  alarmId: number;
  terminalId: number;
  title: string;
  body: string;
}

describe('fences and alarms in the app', () => {
  let server: LiveServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let deviceId: number;
  const pushService = startPushServiceStandIn();

  /** Reports a fix now through the gateway's OsmAnd port; its answer comes after the commit. */
  async function report(where: { latitude: number; longitude: number }): Promise<void> {
    const fix: Fix = {
      time: Math.floor(Date.now() / 1000) * 1000,
      ...where,
      altitude: 50,
      speedKmh: 30,
      course: 0,
      satellites: 9,
      batteryPercent: 80,
      acc: true,
      cut: false,
      mileageKm: 0,
    };
    const response = await fetch(
      `http://127.0.0.1:${server.ports.osmand}${osmandQuery(TERMINAL_NO, fix)}`,
    );
    expect(response.status).toBe(200);
    // Fix times have second resolution: the next fix must be a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }

  const fenceAlarmPush = () =>
    pushService.received
      .map((push: ReceivedPush) => JSON.parse(push.plaintext) as AlarmPush)
      .find((push) => push.terminalId === deviceId);

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '5' });
    await pushService.listen();
    await admin(
      server,
      'device:create',
      '--terminal-no',
      TERMINAL_NO,
      '--password',
      '246810',
      '--protocol',
      'osmand',
      '--name',
      '校车',
      '--owner',
      'demo',
    );
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.baseUrl, 'zh-CN');
    await context.grantPermissions(['notifications']);
    await context.addInitScript(appSettings, { language: 'zh-CN' });
    page = await context.newPage();
    await signInAsDemo(page);
    deviceId = await deviceIdOf(page, TERMINAL_NO);
    // This browser's push subscription, at a push service the test runs.
    const { publicKey } = await callAs<{ publicKey: string }>(page, 'GET', '/push/vapid-key');
    await callAs(page, 'POST', '/push/client', pushService.subscribe(publicKey).subscription);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pushService.close();
  });

  it('a circle drawn around the device alarms in the message tab within 5 s of it leaving', async () => {
    await report(SCHOOL);
    await page.goto(`/pagesDevice/fenc/details?id=${deviceId}`);
    const sheet = page.getByTestId('fence-sheet');
    await sheet.getByPlaceholder(zh.fences.namePlaceholder).fill('学校');
    await sheet.getByText(zh.fences.alarmOn.out, { exact: true }).click();
    await sheet.getByRole('button', { name: zh.fences.save }).click();
    await page.getByTestId('fence-list').getByText('学校').waitFor();

    // The circle is centred on the device (the map works in GCJ-02, the fence is kept in WGS-84).
    const fences = await callAs<{
      list: { type: string; radius: number; fenceData: { lng: number; lat: number }[] }[];
    }>(page, 'GET', `/v2/fence/page?terminalId=${deviceId}`);
    expect(fences.list).toHaveLength(1);
    const [fence] = fences.list;
    expect(fence).toMatchObject({ type: 'round', radius: 500 });
    expect(fence!.fenceData[0]!.lat).toBeCloseTo(SCHOOL.latitude, 4);
    expect(fence!.fenceData[0]!.lng).toBeCloseTo(SCHOOL.longitude, 4);

    await report(SCHOOL); // inside the new fence: where it is, no alarm
    await page.goto('/pages/message/msg');
    const row = page.locator(`[data-terminal-id="${deviceId}"]`);
    await row.waitFor();
    expect(await row.locator('.alarm-inbox__badge').count()).toBe(0);

    const left = Date.now();
    await report(AWAY);
    await row.locator('.alarm-inbox__badge').getByText('1').waitFor({ timeout: 5000 });
    expect(Date.now() - left).toBeLessThanOrEqual(5000);
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/alarm-inbox-zh.png') });

    await row.click();
    const item = page.locator('.alarm-row').first();
    await item.waitFor();
    expect(await item.textContent()).toContain(alarmNames.fenceOut['zh-CN']);
    expect(await item.textContent()).toContain('学校');
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/alarm-table-zh.png') });
  }, 60_000);

  it("the alarm's push, delivered to the service worker, shows a notification", async () => {
    await expect.poll(fenceAlarmPush, { timeout: 10_000 }).toBeDefined();
    const push = fenceAlarmPush()!;
    expect(push.title).toContain(alarmNames.fenceOut['zh-CN']);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Chromium's DevTools protocol plays the push service's part: it delivers the message.
    const devtools = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: await registration,
      data: JSON.stringify(push),
    });

    const shown = () =>
      page.evaluate(async () => {
        const sw = await navigator.serviceWorker.ready;
        return (await sw.getNotifications()).map((n) => ({ title: n.title, tag: n.tag }));
      });
    await expect
      .poll(shown, { timeout: 5000 })
      .toContainEqual({ title: push.title, tag: `alarm-${push.alarmId}` });
  });
});
