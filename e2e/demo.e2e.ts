import { describe, expect, it } from 'vitest';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { usePhoneSession } from './support/session.js';

/** A new database in demo mode (the default of npm start) has the demo account of the README. */
describe('demo account', () => {
  const session = usePhoneSession();

  it('signs in after being gated, and lands back on the page that sent it', async () => {
    const { page } = session;
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
