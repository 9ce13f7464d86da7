import type { Page } from 'playwright-core';
import zh from '../../apps/web/src/i18n/zh-CN.js';

/** Signs in as the demo account of demo mode through the login page, and waits for home. */
export async function signInAsDemo(page: Page, password = 'demo123456'): Promise<void> {
  await page.goto('/pages/login/index');
  await page.getByPlaceholder(zh.login.accountPlaceholder).fill('demo');
  await page.getByPlaceholder(zh.login.passwordPlaceholder).fill(password);
  await page.getByRole('button', { name: zh.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
