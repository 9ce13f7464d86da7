import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signIn, signInAsDemo } from './support/sign-in.js';
import { repositoryRoot } from './support/start-server.js';

describe('devices and the live map', () => {
  let server: LiveServer;
  let browser: Browser;

  beforeAll(async () => {
    // The demo devices report every second through the real gateway.
    server = await startLiveServer({ DEMO_INTERVAL_S: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function phone(language: 'zh-CN' | 'en' = 'zh-CN'): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    return context.newPage();
  }

  /** The time of the selected device's last fix, as the card (and its marker) has it. */
  const cardFix = (page: Page) => page.getByTestId('device-card').getAttribute('data-locate-time');

  it('shows the five demo devices, and a new position arrives over the socket within 2 s', async () => {
    const page = await phone();
    const frames: number[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"devices"')) frames.push(Date.now());
      }),
    );
    await signInAsDemo(page);
    await page.getByTestId('device-card').waitFor();
    await page.locator('.home__switch').click();
    await expect.poll(() => page.locator('.home-switcher__list li').count()).toBe(5);
    // A moving device: it reports a new fix every second.
    const moving = page
      .locator('.home-switcher__list li')
      .filter({ hasText: zh.devices.state.moving });
    await expect.poll(() => moving.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await moving.first().click();
    // Every device has a position on the map (the card shows an address, not "no position").
    await expect
      .poll(() => page.getByTestId('device-card').textContent(), { timeout: 15_000 })
      .not.toContain(zh.home.card.noPosition);

    const before = await cardFix(page);
    const started = Date.now();
    await expect.poll(() => cardFix(page), { timeout: 2000, interval: 100 }).not.toBe(before);
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
    expect(frames.length).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/home-zh.png') });
  });

  it('falls back to the 10-s refresh while the socket is down', async () => {
    const page = await phone();
    await page.routeWebSocket(/\/api\/socket/, (socket) => socket.close());
    const pageLoads: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/terminal/page')) pageLoads.push(Date.now());
    });
    await signInAsDemo(page);
    await page.getByTestId('device-card').waitFor();
    const before = await cardFix(page);
    await expect.poll(() => pageLoads.length, { timeout: 25_000 }).toBeGreaterThanOrEqual(3);
    const gaps = pageLoads.slice(1).map((at, i) => at - pageLoads[i]!);
    expect(Math.max(...gaps)).toBeGreaterThan(9000);
    expect(Math.min(...gaps)).toBeLessThan(11_500);
    // Positions still move, ten seconds at a time.
    await expect.poll(() => cardFix(page), { timeout: 12_000 }).not.toBe(before);
  }, 60_000);

  it('binds a new device with its password and filters the list by state', async () => {
    await admin(
      server,
      'device:create',
      '--terminal-no',
      '868120399999999',
      '--password',
      '246810',
      '--protocol',
      'gt06',
      '--name',
      'New tracker',
    );
    const page = await phone('en');
    await signInAsDemo(page);
    await page.goto('/pagesDevice/deviceList/bind');
    await page.getByPlaceholder(en.devices.bind.numberPlaceholder).fill('868120399999999');
    await page.getByPlaceholder(en.devices.bind.passwordPlaceholder).fill('111111');
    await page.getByRole('button', { name: en.devices.bind.submit }).click();
    await page.getByText('The device password is wrong').waitFor();
    await page.getByPlaceholder(en.devices.bind.passwordPlaceholder).fill('246810');
    await page.getByRole('button', { name: en.devices.bind.submit }).click();
    // A new owner is told what the binding means (nothing of a previous owner; the password).
    await page.getByText(en.devices.bind.ownerTitle).waitFor();
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/bind-owner-en.png') });

    await page.goto('/pagesDevice/deviceList/index');
    await expect.poll(() => page.locator('.device-row').count()).toBe(6);
    await page.locator('.adm-tabs-tab').filter({ hasText: en.devices.list.tabs.unused }).click();
    await expect
      .poll(() => page.locator('.device-row__name').allTextContents())
      .toEqual(['New tracker']);
    await page.locator('.adm-tabs-tab').filter({ hasText: en.devices.list.tabs.online }).click();
    // The demo devices that are online now (a simulated one may be in a signal gap), never the new one.
    const online = page.locator('.device-row__name');
    await expect.poll(() => online.count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await online.allTextContents()).includes('New tracker'))
      .toBe(false);
    expect(await online.count()).toBeLessThanOrEqual(5);
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/device-list-en.png') });
  }, 60_000);

  it('renames a device on its info page, and the device list shows the new name', async () => {
    const page = await phone();
    await signInAsDemo(page);
    await page.goto('/pagesDevice/deviceList/index');
    const row = page.locator('.device-row').first();
    await row.waitFor();
    const id = await row.getAttribute('data-device-id');
    const name = (await row.locator('.device-row__name').textContent())!;

    await page.goto(`/pagesDevice/info/device?id=${id}`);
    // The rows show once GET /v2/terminal/{id} answers. Unlike the list, one device waits for
    // its address, and the first lookup on a new server reads the offline districts (1-2 s).
    const nameRow = page.locator('.adm-list-item').filter({ hasText: zh.devices.info.name });
    await nameRow.filter({ hasText: name }).waitFor({ timeout: 15_000 });
    await nameRow.click();
    await page.locator('.rename-input input').fill('小蓝 Renamed');
    await page.getByRole('button', { name: zh.common.save }).click();
    await page.getByText(zh.devices.info.renamed).waitFor();
    await expect.poll(() => page.locator('.device-info__title').textContent()).toBe('小蓝 Renamed');
    await expect.poll(() => nameRow.textContent()).toContain('小蓝 Renamed');

    await page.goto('/pagesDevice/deviceList/index');
    const renamed = page.locator(`.device-row[data-device-id="${id}"] .device-row__name`);
    await renamed.waitFor();
    expect(await renamed.textContent()).toBe('小蓝 Renamed');
    await page.screenshot({
      path: path.join(repositoryRoot, 'test-results/device-renamed-zh.png'),
    });
  });

  it('shows an enterprise user the organisation tree', async () => {
    const head = (await admin(server, 'enterprise:create', '--name', '寻迹物流')).match(
      /enterprise (\d+)/,
    )![1]!;
    await admin(server, 'enterprise:create', '--name', '华南车队', '--parent', head);
    await admin(
      server,
      'user:create',
      '--username',
      'fleetboss',
      '--password',
      'fleet12345',
      '--type',
      '1',
      '--enterprise',
      head,
    );
    const page = await phone();
    await signIn(page, 'fleetboss', 'fleet12345');
    await page.goto('/pagesDevice/deviceList/ent');
    await page.getByText('寻迹物流').first().waitFor();
    await expect.poll(() => page.getByText('华南车队').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(repositoryRoot, 'test-results/enterprise-zh.png') });
  });
});
