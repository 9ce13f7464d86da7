import type { Page } from 'playwright-core';
import en from '../../apps/web/src/i18n/en.js';
import zh from '../../apps/web/src/i18n/zh-CN.js';

/** Signs in through the login page (in either language) and waits for home. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/pages/login/index');
  const either = (a: string, b: string) => new RegExp(`^(${a}|${b})$`);
  await page
    .getByPlaceholder(either(zh.login.accountPlaceholder, en.login.accountPlaceholder))
    .fill(username);
  await page
    .getByPlaceholder(either(zh.login.passwordPlaceholder, en.login.passwordPlaceholder))
    .fill(password);
  await page.getByRole('button', { name: either(zh.login.submit, en.login.submit) }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The demo account of demo mode. */
export const signInAsDemo = (page: Page) => signIn(page, 'demo', 'demo123456');
