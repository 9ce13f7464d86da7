import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enSettings from '../apps/web/src/i18n/device-settings/en.js';
import zhSettings from '../apps/web/src/i18n/device-settings/zh-CN.js';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { deviceIdOf } from './support/api.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { captchaAnswer, latestSmsCode } from './support/server-data.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';
import { startWechatAuthorizeStandIn } from './support/wechat-authorize-stand-in.js';

const APP_ID = 'wx-e2e-official-account';
const APP_SECRET = 'e2e-official-account-secret';
/** WeChat's built-in browser on an iPhone. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** The official account's QR code as the operator configures it (an image URL). */
const QR_CODE = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0zM2 2h2v2H2z"/></svg>',
).toString('base64')}`;
/** The demo watches: their models send WeChat alarms. */
const DEMO_WATCH = '8600000003';
const DEMO_ELDERLY_WATCH = '8600000004';

const LANGUAGES = [
  {
    locale: 'zh-CN',
    texts: zh,
    phone: '13911110001',
    person: { openId: 'o-mp-zh', unionId: 'u-zh', nickname: '小明' },
  },
  {
    locale: 'en',
    texts: en,
    phone: '13911110002',
    person: { openId: 'o-mp-en', unionId: 'u-en', nickname: 'Ming' },
  },
] as const;

/** WeChat sign-in through stand-ins of WeChat's authorisation page and API, in both languages. */
describe('WeChat sign-in in Chromium', () => {
  const wechat = startWechatAuthorizeStandIn(APP_ID, APP_SECRET);
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const { apiUrl, authorizeUrl } = await wechat.listen();
    server = await startServer({
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: APP_SECRET,
      WECHAT_API_URL: apiUrl,
      WECHAT_OPEN_URL: authorizeUrl,
      WECHAT_MP_QRCODE_URL: QR_CODE,
    });
    wechat.allowApp(server.baseUrl);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await wechat.close();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(repositoryRoot, `test-results/${name}.png`) });

  async function wechatPage(locale: string): Promise<Page> {
    const context = await newPhoneContext(browser, server.baseUrl, locale, {
      userAgent: WECHAT_UA,
    });
    return context.newPage();
  }

  /** The bind form: phone number, picture code (read from the database), SMS code, terms. */
  async function bindPhone(
    page: Page,
    texts: typeof zh,
    phone: string,
    captcha: Promise<{ json(): Promise<unknown> }>,
  ) {
    const { data } = (await (await captcha).json()) as { data: { captchaId: string } };
    await page.getByPlaceholder(texts.verification.phonePlaceholder).fill(phone);
    await page
      .getByPlaceholder(texts.verification.captchaPlaceholder)
      .fill(captchaAnswer(server.dataDir, data.captchaId));
    await page.getByRole('button', { name: texts.verification.getCode }).click();
    await expect
      .poll(() => page.locator('.adm-toast-main', { hasText: texts.verification.codeSent }).count())
      .toBe(1);
    await page
      .getByPlaceholder(texts.verification.codePlaceholder)
      .fill(await latestSmsCode(server.dataDir, phone));
    await page.locator('.adm-checkbox-icon').click();
    await page.getByRole('button', { name: texts.oauth.bindSubmit }).click();
  }

  for (const { locale, texts, phone, person } of LANGUAGES) {
    it(`taps WeChat on the login page, binds a phone number, is signed in and sees WeChat bound (${locale})`, async () => {
      const page = await wechatPage(locale);
      wechat.useWechatAs(person);
      const captchaLoaded = page.waitForResponse((r) => r.url().includes('/api/captcha'));
      await page.goto('/pages/login/index');
      const wechatButton = page.getByRole('button', { name: texts.login.wechat });
      await wechatButton.waitFor();
      await shot(page, `wechat-login-${locale}`);
      await wechatButton.click();
      await page.waitForURL('**/pagesFunc/authorize?**');
      // WeChat was asked as it documents it: the state it returned is the one the app checks.
      const asked = wechat.authorizations.at(-1);
      expect(asked?.get('state')).toMatch(/^[0-9a-f]{32}$/);
      expect(asked?.get('redirect_uri')).toBe(`${server.baseUrl}/pagesFunc/authorize`);

      await expect.poll(() => page.getByText(person.nickname).count()).toBe(1);
      await expect.poll(() => page.getByText(texts.oauth.bindTitle).count()).toBeGreaterThan(0);
      await page.locator('.captcha-image img').waitFor();
      await shot(page, `wechat-bind-${locale}`);
      await bindPhone(page, texts, phone, captchaLoaded);
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto('/pagesUser/account/account-safety');
      const row = page.locator('.adm-list-item', { hasText: texts.oauth.providers.wechat });
      await expect.poll(() => row.textContent()).toContain(person.nickname);
      await expect.poll(() => row.textContent()).toContain(texts.oauth.unbind);
      await shot(page, `wechat-account-safety-${locale}`);
      await page.context().close();
    });

    it(`signs the bound WeChat user in at once, with no form (${locale})`, async () => {
      const page = await wechatPage(locale);
      wechat.useWechatAs(person);
      await page.goto('/pages/login/index');
      await page.getByRole('button', { name: texts.login.wechat }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/pages/mi/index');
      await expect.poll(() => page.getByText(phone, { exact: false }).count()).toBeGreaterThan(0);
      await page.context().close();
    });
  }

  it('binds WeChat to a signed-in account from account-safety, and unbinds it', async () => {
    const person = { openId: 'o-mp-demo', unionId: 'u-demo', nickname: 'Demo WeChat' };
    const page = await wechatPage('en');
    wechat.useWechatAs(person);
    await signInAsDemo(page);
    await page.goto('/pagesUser/account/account-safety');
    const row = page.locator('.adm-list-item', { hasText: en.oauth.providers.wechat });
    await expect.poll(() => row.textContent()).toContain(en.oauth.notBound);
    await row.click();
    await page.waitForURL('**/pagesFunc/authorize?**');
    await page.waitForURL((url) => url.pathname === '/pagesUser/account/account-safety');
    await expect.poll(() => row.textContent()).toContain(person.nickname);

    await row.click();
    await page.getByRole('button', { name: en.common.confirm }).click();
    await expect.poll(() => row.textContent()).toContain(en.oauth.notBound);
    await page.context().close();
  });

  it('names the WeChat alarm follower through the official account, once they follow it', async () => {
    const grandpa = { openId: 'o-mp-grandpa', unionId: 'u-grandpa', nickname: '爷爷' };
    const page = await wechatPage('zh-CN');
    wechat.useWechatAs(grandpa);
    await signInAsDemo(page);
    const alarmPage = `/pagesDevice/alarm/wx?id=${await deviceIdOf(page, DEMO_WATCH)}`;
    const turnOn = async () => {
      await page.goto(alarmPage);
      await page
        .getByRole('switch', { name: zhSettings.alarmSettings.channels.wechat.label })
        .click();
      await page.waitForURL('**/pagesFunc/authorize?**');
    };

    // Not following yet: sent to the official account's QR code.
    await turnOn();
    await page.waitForURL('**/pagesDevice/alarm/wx-mp?**');
    await page.getByAltText(zh.oauth.qrAlt).waitFor();
    await shot(page, 'wechat-alarm-follow-zh-CN');

    wechat.api.follow(grandpa.openId);
    await turnOn();
    await page.waitForURL((url) => url.pathname === '/pagesDevice/alarm/wx');
    await expect.poll(() => page.getByText(grandpa.nickname).count()).toBe(1);
    await shot(page, 'wechat-alarm-follower-zh-CN');
    await page.context().close();
  });

  it('outside WeChat, the alarm page offers its link to open in WeChat, and the QR code to follow', async () => {
    const page = await (await newPhoneContext(browser, server.baseUrl, 'en')).newPage();
    await signInAsDemo(page);
    const id = await deviceIdOf(page, DEMO_ELDERLY_WATCH);
    await page.goto(`/pagesDevice/alarm/wx?id=${id}`);
    await page.getByText(en.oauth.openInWechat).waitFor();
    await page
      .getByRole('switch', { name: enSettings.alarmSettings.channels.wechat.label })
      .click();
    // Turning on is refused in words: nobody to receive the alarms yet.
    await expect.poll(() => page.url()).toContain('/pagesDevice/alarm/wx?');
    await shot(page, 'wechat-alarm-outside-en');
    await page
      .locator('a.adm-list-item', { hasText: enSettings.alarmSettings.wechat.step1 })
      .click();
    await page.waitForURL('**/pagesDevice/alarm/wx-mp?**');
    await page.getByAltText(en.oauth.qrAlt).waitFor();
    await shot(page, 'wechat-alarm-follow-en');
    await page.context().close();
  });

  it('refuses a return whose state this tab did not send (CSRF), in words', async () => {
    const page = await wechatPage('en');
    wechat.useWechatAs(LANGUAGES[1].person);
    await page.goto(
      `/pagesFunc/authorize?code=${wechat.api.issueCode('mp', LANGUAGES[1].person)}&state=${'0'.repeat(32)}`,
    );
    await expect.poll(() => page.getByText(en.oauth.failed.state).count()).toBe(1);
    await shot(page, 'wechat-authorize-refused-en');
    await page.context().close();
  });
});
