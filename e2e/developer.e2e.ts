import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushServiceStandIn } from '../apps/server/test/support/push-service-stand-in.js';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { callAs } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

const LANGUAGES = [
  ['zh-CN', zh],
  ['en', en],
] as const;

/** The operator's content site: the manual, in the web view's allow-list. */
function startContentSite() {
  const site = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Manual</title><h1 id="manual">寻迹 Manual</h1>');
  });
  return {
    listen: () =>
      new Promise<string>((resolve) =>
        site.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise((resolve) => site.close(resolve)),
  };
}

describe('developer mode and web views', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  const site = startContentSite();
  const pushService = startPushServiceStandIn();

  beforeAll(async () => {
    origin = await site.listen();
    await pushService.listen();
    server = await startServer({
      WEBVIEW_ORIGINS: origin,
      APP_MANUAL_URL: `${origin}/manual.html`,
    });
    // Before any request: the server keeps an application's configuration for 30 s.
    await admin(server, 'app:set', '--id', '1', 'appManual=true', 'productionEnv=false');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pushService.close();
    await site.close();
  });

  async function signedIn(language: string): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    const page = await context.newPage();
    await signInAsDemo(page);
    return page;
  }

  const shot = (page: Page, name: string, language: string) =>
    page.screenshot({
      path: path.join(repositoryRoot, `test-results/developer-${name}-${language}.png`),
    });

  const tapVersion = async (page: Page) => {
    const version = page.locator('[data-version]');
    await version.waitFor();
    for (let i = 0; i < 7; i++) await version.click();
  };

  it('the version tapped 7 times says developer mode is off until the operator turns it on', async () => {
    const page = await signedIn('zh-CN');
    await page.goto('/pagesUser/mi/as');
    await tapVersion(page);
    await page.getByText(zh.developer.notEnabled).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pagesUser/mi/as');
    await page.goto('/pages/mi/index');
    await page.locator('[data-link="about"]').waitFor();
    expect(await page.locator('[data-link="developer"]').count()).toBe(0);
    await page.context().close();

    expect(await admin(server, 'user:developer', 'demo', 'on')).toContain('developer mode on');
  });

  describe.each(LANGUAGES)('in %s', (language, texts) => {
    let page: Page;
    let clientId: string;
    const errors: string[] = [];

    beforeAll(async () => {
      page = await signedIn(language);
      page.on('pageerror', (error) => errors.push(error.message));
      // This browser's push subscription, at a push service the test runs; the app keeps its id.
      const { publicKey } = await callAs<{ publicKey: string }>(page, 'GET', '/push/vapid-key');
      const { pushClientId } = await callAs<{ pushClientId: string }>(
        page,
        'POST',
        '/push/client',
        pushService.subscribe(publicKey).subscription,
      );
      // As if this browser had turned pushes on: each load starts with its id in the app's store.
      await page.context().addInitScript((id) => {
        const stored = JSON.parse(localStorage.getItem('xunji.app') ?? '{}') as {
          state?: Record<string, unknown>;
          version?: number;
        };
        localStorage.setItem(
          'xunji.app',
          JSON.stringify({ version: 1, ...stored, state: { ...stored.state, pushClientId: id } }),
        );
      }, pushClientId);
      clientId = pushClientId;
    });
    afterAll(() => page?.context().close());

    it('the version tapped 7 times opens the developer page: build, socket, configuration', async () => {
      await page.goto('/pagesUser/mi/as');
      await tapVersion(page);
      await page.waitForURL((url) => url.pathname === '/pagesUser/mi/developers/dev');
      await page.getByText(texts.developer.socketLive).waitFor();
      await expect
        .poll(() => page.locator('[data-config="webViewOrigins"]').textContent())
        .toContain(origin);
      await page.getByText(new URL('/api', server.baseUrl).href).waitFor();
      await page.getByText(clientId).waitFor();
      expect(await page.locator('[data-config="productionEnv"]').textContent()).toContain(
        texts.developer.off,
      );
      // The countdown of the taps has gone.
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      await shot(page, 'dev', language);
    });

    it('sends a test alarm to this browser, and the message log lists it as delivered', async () => {
      const before = pushService.received.length;
      await page.getByRole('button', { name: texts.developer.sendTestAlarm }).click();
      // One push per push client of the account (the other language's run added one).
      const sent = texts.developer.testAlarmSent
        .replace(/[()]/g, '\\$&')
        .replace('{{count}}', '\\d');
      await page.getByText(new RegExp(sent)).waitFor();
      await expect.poll(() => pushService.received.length).toBeGreaterThan(before);
      const push = JSON.parse(pushService.received.at(-1)!.plaintext) as { title: string };
      expect([zh.developer.testAlarm, en.developer.testAlarm]).toContain(push.title);

      await page.locator('[data-link="push-msgs"]').click();
      await page.waitForURL((url) => url.pathname === '/pagesUser/mi/developers/push-msgs');
      const first = page.locator('[data-message]').first();
      await expect.poll(() => first.textContent()).toContain(texts.developer.testAlarm);
      await expect.poll(() => first.textContent()).toContain(texts.developer.status.sent);
      expect(await first.textContent()).toContain(texts.developer.channel.push);
      await shot(page, 'push-msgs', language);
    });

    it('mine shows the test environment, the manual and developer mode; the manual opens in a frame', async () => {
      await page.goto('/pages/mi/index');
      await page.locator('[data-link="developer"]').waitFor();
      await page.locator('[data-test-environment]').waitFor();
      expect(await page.locator('[data-test-environment]').textContent()).toBe(
        texts.developer.testEnvironment,
      );
      await shot(page, 'mine', language);
      await page.locator('[data-link="manual"]').click();
      await page.waitForURL((url) => url.pathname === '/pagesUser/webView');
      const frame = page.frameLocator('iframe.web-view__frame');
      await frame.locator('#manual').waitFor();
      await page.getByText(texts.webView.manual).first().waitFor();
      await shot(page, 'web-view', language);
    });

    it('a web view of another origin does not frame it but links outside', async () => {
      await page.goto(`/pagesUser/webView?url=${encodeURIComponent('https://example.com/news')}`);
      const link = page.getByRole('link', { name: texts.webView.open });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('https://example.com/news');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await page.locator('iframe').count()).toBe(0);
      await shot(page, 'web-view-outside', language);
      expect(errors).toEqual([]);
    });
  });
});
