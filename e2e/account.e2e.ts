import { Codes } from '@xunji/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { captchaAnswer, latestSmsCode } from './support/server-data.js';
import { usePhoneSession } from './support/session.js';

const PHONE = '13912345678';
const PASSWORD = 'first-pass1';
const NEW_PASSWORD = 'second-pass2';

/** One person's journey through the account pages at 390×844, as in the foundation issue. */
describe('account journey in Chromium', () => {
  const session = usePhoneSession();
  let page: Page;
  let dataDir: string;
  beforeAll(() => {
    ({ page } = session);
    dataDir = session.server.dataDir;
  });

  const path = () => new URL(page.url()).pathname + new URL(page.url()).search;
  const toast = (text: string) => page.locator('.adm-toast-main', { hasText: text });

  async function signIn(username: string, password: string) {
    await page.getByPlaceholder(zh.login.accountPlaceholder).fill(username);
    await page.getByPlaceholder(zh.login.passwordPlaceholder).fill(password);
    await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
  }

  it('relaunches a guest who opens a protected page to home (spec §2)', async () => {
    await page.goto('/pages/mi/index');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('gates a protected tab: a toast, then login with back=true after 500 ms', async () => {
    await page.getByText(zh.tabs.mine).click();
    await expect.poll(() => toast(zh.errors.signInFirst).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/pages/mi/index');
    await page.waitForURL('**/pages/login/index?back=true');
    expect(path()).toBe('/pages/login/index?back=true');
  });

  it('registers with a code read from the SMS outbox and returns to the page that sent the user', async () => {
    await page.getByText(zh.login.register).click();
    await page.waitForURL('**/pagesUser/account/register**');
    const captcha = page.waitForResponse((r) => r.url().includes('/api/captcha'));
    await page.getByPlaceholder(zh.verification.phonePlaceholder).fill(PHONE);
    const { data } = (await (await captcha).json()) as { data: { captchaId: string } };
    await page
      .getByPlaceholder(zh.verification.captchaPlaceholder)
      .fill(captchaAnswer(dataDir, data.captchaId));
    await page.getByRole('button', { name: zh.verification.getCode }).click();
    await expect.poll(() => toast(zh.verification.codeSent).count()).toBe(1);
    await page
      .getByPlaceholder(zh.verification.codePlaceholder)
      .fill(await latestSmsCode(dataDir, PHONE));
    await page.getByPlaceholder(zh.password.placeholder).fill(PASSWORD);
    await page.getByPlaceholder(zh.password.confirmPlaceholder).fill(PASSWORD);
    await page.locator('.adm-checkbox-icon').click();
    await page.getByRole('button', { name: zh.register.submit }).click();
    await page.waitForURL('**/pages/mi/index');
    await expect
      .poll(() => page.getByText(`${PHONE} · ${zh.mine.userType.personal}`).count())
      .toBe(1);
  });

  it('signs out and signs in again with the phone number', async () => {
    await page.getByRole('button', { name: zh.mine.signOut }).click();
    await page.getByRole('button', { name: zh.common.confirm }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/pages/login/index');
    await signIn(PHONE, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(zh.tabs.mine).click();
    await page.waitForURL('**/pages/mi/index');
    await expect
      .poll(() => page.getByText(`${PHONE} · ${zh.mine.userType.personal}`).count())
      .toBe(1);
  });

  it('changes the nickname', async () => {
    await page.getByText(zh.mine.nickname, { exact: true }).click();
    await page.waitForURL('**/pagesUser/account/amend-userInfo');
    await page.getByPlaceholder(zh.nickname.placeholder).fill('小明爸爸');
    await page.getByRole('button', { name: zh.common.save }).click();
    await page.waitForURL('**/pages/mi/index');
    await expect
      .poll(() => page.locator('.profile__name', { hasText: '小明爸爸' }).count())
      .toBe(1);
  });

  it('switches to English and back', async () => {
    await page.getByText(zh.mine.language, { exact: true }).click();
    await page.getByText(en.languages.en, { exact: true }).click();
    await expect.poll(() => page.getByText(en.mine.signOut).count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await expect.poll(() => page.getByText(en.mine.accountSafety).count()).toBe(1);
    await page.getByText(en.mine.language, { exact: true }).click();
    await page.getByText(zh.languages['zh-CN'], { exact: true }).click();
    await expect.poll(() => page.getByText(zh.mine.signOut).count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  });

  it('changes the password: signed out, the old one refused, the new one accepted', async () => {
    await page.getByText(zh.mine.accountSafety, { exact: true }).click();
    await page.getByText(zh.safety.password, { exact: true }).click();
    await page.waitForURL('**/pagesUser/account/amend-pwd');
    await page.getByPlaceholder(zh.password.oldPlaceholder).fill(PASSWORD);
    await page.getByPlaceholder(zh.password.placeholder).fill(NEW_PASSWORD);
    await page.getByPlaceholder(zh.password.confirmPlaceholder).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: zh.common.save }).click();
    await page.waitForURL('**/pages/login/index');
    await signIn(PHONE, PASSWORD);
    await expect.poll(() => toast(Codes.LOGIN_FAILED['zh-CN']).count()).toBe(1);
    await page.getByPlaceholder(zh.login.passwordPlaceholder).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
