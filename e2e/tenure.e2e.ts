import path from 'node:path';
import { alarmNames } from '@xunji/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { admin } from './support/admin.js';
import { deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { signIn, signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

const TERMINAL_NO = '868120355500001';
const MEMBER = '13900001111';

/** A device changes hands: what its new owner is told, and who else joins it. */
describe('device tenure in the app', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await admin(
      server,
      'device:create',
      '--terminal-no',
      TERMINAL_NO,
      '--password',
      '135790',
      '--protocol',
      'gt06',
    );
    await admin(server, 'user:create', '--username', MEMBER, '--password', 'secret123');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function phone(language: 'zh-CN' | 'en'): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    return context.newPage();
  }

  async function bind(page: Page, texts: typeof en) {
    await page.goto('/pagesDevice/deviceList/bind');
    await page.getByPlaceholder(texts.devices.bind.numberPlaceholder).fill(TERMINAL_NO);
    await page.getByPlaceholder(texts.devices.bind.passwordPlaceholder).fill('135790');
    await page.getByRole('button', { name: texts.devices.bind.submit }).click();
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(repositoryRoot, `test-results/${name}.png`) });

  it('tells the owner who joins, and leads from the message to the family members', async () => {
    const owner = await phone('en');
    await signInAsDemo(owner);
    await bind(owner, en);
    await owner.getByText(en.devices.bind.ownerTitle).waitFor();
    // Every word of the dialog in the page's language (antd's own default is Chinese).
    await owner.getByRole('button', { name: en.common.confirm }).waitFor();
    await shot(owner, 'tenure-owner-en');

    const member = await phone('zh-CN');
    await signIn(member, MEMBER, 'secret123');
    await bind(member, zh);
    await member.getByText(zh.devices.bind.success).waitFor();
    // A member is not the owner: no owner's welcome, back to where they came from.
    expect(await member.getByText(zh.devices.bind.ownerTitle).count()).toBe(0);

    const deviceId = await deviceIdOf(owner, TERMINAL_NO);
    for (const [language, texts] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      const page = language === 'en' ? owner : await phone(language);
      if (language !== 'en') await signInAsDemo(page);
      await page.goto(`/pagesMore/message/table?id=${deviceId}`);
      const row = page.locator('.alarm-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(alarmNames.memberJoined[language]);
      await shot(page, `tenure-message-${language}`);
      await row.click();
      await page.waitForURL((url) => url.pathname === '/pagesMore/message/statement');
      const members = page.getByRole('button', { name: texts.alarms.statement.members });
      await members.waitFor();
      await shot(page, `tenure-statement-${language}`);
      await members.click();
      await page.waitForURL((url) => url.pathname === '/pagesUser/account/bind-more-user');
      await page.getByText('139****1111').waitFor();
    }
  }, 90_000);
});
