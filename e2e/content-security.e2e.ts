import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from './support/texts.js';
import { callAs } from './support/api.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot } from './support/start-server.js';

/** Runs in the page before the app: AMap tiles (requested, never loaded here) and every violation reported. */
function watchPolicy() {
  localStorage.setItem(
    'xunji.app',
    JSON.stringify({ state: { language: 'zh-CN', mapSource: 'amap' }, version: 0 }),
  );
  document.addEventListener('securitypolicyviolation', (event) =>
    console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
  );
}

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(repositoryRoot, `test-results/${name}.png`) });

describe('the app under its Content-Security-Policy', () => {
  let server: LiveServer;
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '2', DEMO_HISTORY_H: '2' });
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, server.baseUrl);
    await context.addInitScript(watchPolicy);
    page = await context.newPage();
    page.on('console', (message) => {
      if (/content.security.policy|CSP violation/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the login, register, home map and device pages without a violation', async () => {
    await page.goto('/pages/login/index');
    await page.getByRole('button', { name: zh.login.submit, exact: true }).waitFor();
    await screenshot(page, 'csp-login');
    await page.goto('/pagesUser/account/register');
    // The captcha is an SVG data: URL.
    await page.getByAltText(zh.verification.captchaAlt).waitFor();

    await signInAsDemo(page);
    await page.getByTestId('device-card').waitFor();
    // Tiles are asked for (and refused by the closed network, not by the policy).
    await page.locator('.leaflet-tile').first().waitFor({ state: 'attached' });
    await screenshot(page, 'csp-home');

    const { list } = await callAs<{ list: { id: number }[] }>(
      page,
      'GET',
      '/terminal/page?page=1&limit=1',
    );
    const id = list[0]!.id;
    await page.goto(`/pagesDevice/info/device?id=${id}`);
    await page.locator('.adm-list-item').first().waitFor();
    // The track page draws the day's track over the map (and may start its worker).
    await page.goto(`/pagesDevice/track/index?id=${id}`);
    await page.locator('.leaflet-container').waitFor();
    await page.goto(`/pagesDevice/voice/index?id=${id}`);
    await page.getByRole('region', { name: zh.voice.terms.title }).waitFor();
    // Let late requests (tiles, the socket, lazy chunks) report.
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
  });

  it('reports what the policy refuses (the check above can fail)', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    violations.length = 0;
  });

  it('cannot be framed by another page', async () => {
    const context = await newPhoneContext(browser, server.baseUrl);
    const framing = await context.newPage();
    const refused: string[] = [];
    framing.on('console', (message) => refused.push(message.text()));
    await framing.setContent(`<iframe src="${server.baseUrl}/pages/login/index"></iframe>`);
    await expect.poll(() => refused.join('\n')).toMatch(/frame-ancestors/);
    const frame = framing.frames().find((f) => f !== framing.mainFrame());
    expect(await frame?.locator('button').count()).toBe(0);
    await context.close();
  });
});
