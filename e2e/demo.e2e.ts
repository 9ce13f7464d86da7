import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/start-server.js';

/** A new database in demo mode (the default of npm start) has the demo account of the README. */
describe('demo account', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser, server.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in after being gated, and lands back on the page that sent it', async () => {
    await page.goto('/');
    await page.getByText(zh.tabs.mine).click();
    await page.waitForURL('**/pages/login/index?back=true');
    await page.getByPlaceholder(zh.login.accountPlaceholder).fill('demo');
    await page.getByPlaceholder(zh.login.passwordPlaceholder).fill('demo123456');
    await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
    await page.waitForURL('**/pages/mi/index');
    await expect.poll(() => page.getByText(`demo · ${zh.mine.userType.personal}`).count()).toBe(1);
  });
});
