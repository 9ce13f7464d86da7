import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

type Texts = typeof zh | typeof en;

/** A first-time visitor at 390×844: never signed in, nothing stored, the browser's language. */
describe('first run and sign-in in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visitor(locale: string): Promise<Page> {
    context = await newPhoneContext(browser, server.baseUrl, locale);
    return context.newPage();
  }
  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(repositoryRoot, `test-results/first-run-${name}.png`) });
  const welcome = (page: Page, texts: Texts) =>
    page.getByRole('heading', { name: texts.welcome.title });
  const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });

  async function signInAsDemo(page: Page) {
    await page.getByPlaceholder(zh.login.accountPlaceholder).fill('demo');
    await page.getByPlaceholder(zh.login.passwordPlaceholder).fill('demo123456');
    await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
  }

  it('welcomes a first visit: what the app does, sign in and sign up; no "sign in again", no "no devices"', async () => {
    const page = await visitor('zh-CN');
    const unauthorised: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorised.push(response.url());
    });
    await page.goto('/');
    await welcome(page, zh).waitFor();
    // The launch sequence (configuration, notice, advertisement) has had its time.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(unauthorised).toEqual([]);
    expect(await toast(page, zh.errors.loginAgain).count()).toBe(0);
    expect(await page.getByText(zh.home.noDevices).count()).toBe(0);
    await screenshot(page, 'welcome-zh');

    await page.getByRole('button', { name: zh.login.register, exact: true }).click();
    await page.waitForURL('**/pagesUser/account/register?back=true');
    await page.goBack();
    await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
    await page.waitForURL('**/pages/login/index?back=true');
    await page.getByPlaceholder(zh.login.passwordPlaceholder).waitFor();
    await screenshot(page, 'login-zh');
  });

  it('speaks the browser’s language: English for en-US, Chinese for zh-TW', async () => {
    const english = await visitor('en-US');
    await english.goto('/');
    await welcome(english, en).waitFor();
    await screenshot(english, 'welcome-en');
    await english.goto('/pages/login/index');
    await english.getByPlaceholder(en.login.passwordPlaceholder).waitFor();
    await screenshot(english, 'login-en');
    await english.goto('/pagesUser/account/register');
    await english.getByPlaceholder(en.password.confirmPlaceholder).waitFor();
    await screenshot(english, 'register-en');
    await context?.close();

    const chinese = await visitor('zh-TW');
    await chinese.goto('/pages/login/index');
    await chinese.getByPlaceholder(zh.login.passwordPlaceholder).waitFor();
    expect(await chinese.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });

  it('keeps the user’s pick over the browser’s language, and calls ask in it', async () => {
    const page = await visitor('en-US');
    await page.goto('/pages/login/index');
    await page.getByRole('button', { name: en.languages['zh-CN'], exact: true }).click();
    await page.getByPlaceholder(zh.login.passwordPlaceholder).waitFor();

    const call = page.waitForRequest((request) => request.url().includes('/api/'));
    await page.goto('/');
    expect((await call).headers()['accept-language']).toBe('zh-CN');
    await welcome(page, zh).waitFor();
  });

  it('keeps the sign-up input while the terms are open, and the agreement box is easy to tap', async () => {
    const page = await visitor('zh-CN');
    await page.goto('/pagesUser/account/register');
    const phone = page.getByPlaceholder(zh.verification.phonePlaceholder);
    const code = page.getByPlaceholder(zh.verification.codePlaceholder);
    const password = page.getByPlaceholder(zh.password.placeholder);
    const confirm = page.getByPlaceholder(zh.password.confirmPlaceholder);
    const agreement = page.locator('.adm-checkbox', { hasText: zh.register.agreePrefix });
    await phone.fill('13912345678');
    await code.fill('123456');
    await password.fill('secret-pass1');
    await confirm.fill('secret-pass1');

    // A tap 8 px left of the 22 px box, outside it, still ticks it.
    const box = (await agreement.locator('.adm-checkbox-icon').boundingBox())!;
    await page.mouse.click(box.x - 8, box.y + box.height / 2);
    await expect.poll(() => agreement.getAttribute('class')).toContain('adm-checkbox-checked');
    await screenshot(page, 'register-zh');

    await page.getByRole('link', { name: zh.legal.serviceTerms }).click();
    await page.waitForURL('**/pagesUser/mi/service_terms');
    await page.getByRole('heading', { name: zh.terms.sections[0]!.heading }).waitFor();
    await page.goBack();
    await page.waitForURL('**/pagesUser/account/register');
    await phone.waitFor();
    expect(await phone.inputValue()).toBe('13912345678');
    expect(await code.inputValue()).toBe('123456');
    expect(await password.inputValue()).toBe('secret-pass1');
    expect(await confirm.inputValue()).toBe('secret-pass1');
    expect(await agreement.getAttribute('class')).toContain('adm-checkbox-checked');
    // The password stays out of storage.
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...sessionStorage, ...localStorage }),
    );
    expect(stored).not.toContain('secret-pass1');
  });

  it.each(['/pagesDevice/fenc/table?id=3', '/pagesMore/message/table'])(
    'returns to the deep link %s after sign-in',
    async (deepLink) => {
      const page = await visitor('zh-CN');
      await page.goto(deepLink);
      // Spec §2: a guest's launch outside the allow-list relaunches home.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
      await page.waitForURL('**/pages/login/index?back=true');
      await signInAsDemo(page);
      await page.waitForURL((url) => url.pathname + url.search === deepLink);
    },
  );
});
