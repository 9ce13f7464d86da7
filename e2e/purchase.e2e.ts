import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zhOrders from '../apps/web/src/i18n/commerce/orders/zh-CN.js';
import enOrders from '../apps/web/src/i18n/commerce/orders/en.js';
import { admin } from './support/admin.js';
import { callAs, deviceIdOf } from './support/api.js';
import { appSettings } from './support/app-settings.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { signInAsDemo } from './support/sign-in.js';
import { repositoryRoot, startServer, type RunningServer } from './support/start-server.js';

/** The demo car of demo mode, with its SIM card. */
const DEMO_CAR = '868120300000001';

interface Card {
  iccid: string;
  totalDataKb: number;
}
interface Package {
  id: number;
  kind: string;
  name: string;
  quota: number | null;
  available: boolean;
}
interface Order {
  status: number;
}

const LANGUAGES = [
  ['zh-CN', zhOrders],
  ['en', enOrders],
] as const;

/** A server for one describe block, and a signed-in demo phone page in a language. */
function useServer(prepare: (server: RunningServer) => Promise<unknown> = async () => undefined) {
  const session = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    session.server = await startServer();
    await prepare(session.server);
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  const phone = async (language: string): Promise<Page> => {
    const context = await newPhoneContext(session.browser, session.server.baseUrl, language);
    await context.addInitScript(appSettings, { language });
    const page = await context.newPage();
    await signInAsDemo(page);
    return page;
  };
  return phone;
}

const shot = (page: Page, name: string, language: string) =>
  page.screenshot({
    path: path.join(repositoryRoot, `test-results/purchase-${name}-${language}.png`),
  });

async function demoCar(page: Page): Promise<{ id: number; card: Card; data: Package }> {
  const id = await deviceIdOf(page, DEMO_CAR);
  const { iccid } = await callAs<{ iccid: string | null }>(page, 'GET', `/v2/terminal/${id}`);
  expect(iccid, 'demo mode gives the demo car a SIM card').not.toBeNull();
  const card = await callAs<Card>(page, 'GET', `/simcard/card-info/${iccid}`);
  const packages = await callAs<Package[]>(page, 'GET', `/service-package/simcard?iccid=${iccid}`);
  const data = packages.find((item) => item.kind === 'data' && item.available);
  expect(data, 'demo mode sells a data package for the demo car').toBeDefined();
  return { id, card, data: data! };
}

/**
 * Issue 17: the demo user buys a data package for the demo car with the development provider,
 * from the SIM card page to the development checkout and back to the pay result, which follows
 * the order until the server has it paid; the card's new total, the order in both lists and a
 * refund request pending.
 */
describe('buying a data package', () => {
  const phone = useServer();

  it.each(LANGUAGES)(
    'in %s: SIM card → package → pay → checkout → paid, the new total, both lists, a refund request',
    async (language, texts) => {
      const page = await phone(language);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const { id, card, data } = await demoCar(page);

      await page.goto(`/pagesDevice/sim-card?id=${id}`);
      const dataUsage = page.locator('[data-usage="data"] .usage__amount');
      const totalBefore = await dataUsage.textContent();
      await page.locator(`[data-package="${data.id}"] button`).click();

      await page.waitForURL(`**/pagesBuy/card/index?id=${id}`);
      await expect.poll(() => page.getByTestId('pay-summary').textContent()).toContain(data.name);
      await page.locator('[data-provider="development"]').click();
      await shot(page, 'pay', language);
      await page.getByTestId('pay-button').click();

      await page.waitForURL('**/api/pay/development/checkout?**');
      await page.locator('button.pay').click();

      await page.waitForURL('**/pagesBuy/paySuccess/index?orderId=*');
      const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
      await page.locator('[data-pay-result="paid"]').waitFor({ timeout: 15_000 });
      expect(await page.textContent('[data-pay-result]')).toContain(texts.payResult.paid);
      await shot(page, 'paid', language);

      const paid = await callAs<Card>(page, 'GET', `/simcard/card-info/${card.iccid}`);
      expect(paid.totalDataKb).toBe(card.totalDataKb + data.quota! * 1024);
      await page.locator('[data-link="simCard"]').click();
      await page.waitForURL(`**/pagesDevice/sim-card?id=${id}`);
      await expect.poll(() => dataUsage.textContent()).not.toBe(totalBefore);

      const order = page.locator(`[data-order-id="${orderId}"]`);
      for (const list of [`/pagesBuy/order/indent-device?id=${id}`, '/pagesBuy/order/indent']) {
        await page.goto(list);
        await order.waitFor();
        expect(await order.textContent()).toContain(texts.orders.status.paid);
      }
      await shot(page, 'orders', language);

      await order.click();
      await page.waitForURL(`**/pagesBuy/order/specifics?orderId=${orderId}`);
      await page.getByRole('button', { name: texts.refund.request }).click();
      const field = (label: string) =>
        page.locator('.refund-form .adm-form-item', { hasText: label });
      await field(texts.refund.reason).locator('textarea').fill('E2E refund');
      await field(texts.refund.contactName).locator('input').fill('Demo');
      await field(texts.refund.contactTel).locator('input').fill('13800138000');
      await page.getByRole('button', { name: texts.refund.submit }).click();
      const state = page.locator('[data-refund-state]');
      await state.waitFor();
      expect(await state.getAttribute('data-refund-state')).toBe('pending');
      expect(await state.textContent()).toBe(texts.refund.state.pending);
      await shot(page, 'refund', language);

      // A request changes nothing until the operator decides.
      expect((await callAs<Order>(page, 'GET', `/order/${orderId}`)).status).toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});

/** In audit mode (§4) no purchase entry is shown anywhere, and the pay page sells nothing. */
describe('audit mode', () => {
  const phone = useServer(async (server) => {
    // Before any request: the server keeps an application's configuration for 30 s.
    await admin(server, 'app:set', '--id', '1', 'auditModeWeb=true');
    // A released version older than this app (1.1.2): this build is the one under review.
    await admin(
      server,
      'app-version:set',
      '--platform',
      'web',
      '--version',
      '1.0.0',
      '--code',
      '1',
    );
  });

  it('in audit mode no purchase entry is shown, and the pay page sells nothing', async () => {
    const page = await phone('zh-CN');
    /**
     * Opens a page once launch has found audit mode on: the test's init script resets the stored
     * app state at every load, so each page starts as a first visit does.
     */
    const open = async (url: string) => {
      await page.goto(url);
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                (
                  JSON.parse(localStorage.getItem('xunji.app') ?? '{}') as {
                    state?: { auditMode?: boolean };
                  }
                ).state?.auditMode,
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
    };
    const { id } = await demoCar(page);

    await open(`/pagesFunc/index?id=${id}`);
    await page.locator('[data-function]').first().waitFor();
    const functions = await page
      .locator('[data-function]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-function')));
    expect(functions).toContain('track');
    for (const key of ['valueAdded', 'activation', 'topUp']) expect(functions).not.toContain(key);

    const links = () =>
      page
        .locator('[data-link]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-link')));
    await open(`/pagesDevice/info/device?id=${id}`);
    await page.locator('[data-link]').first().waitFor();
    const infoLinks = await links();
    expect(infoLinks).toContain('settings');
    for (const key of ['valueAdded', 'activation', 'orders']) expect(infoLinks).not.toContain(key);

    await open('/pages/mi/index');
    await page.locator('[data-link]').first().waitFor();
    expect(await links()).not.toContain('orders');

    await open(`/pagesDevice/sim-card?id=${id}`);
    // The card's facts and its packages would come with the same answer.
    await page.getByTestId('usage-age').waitFor();
    expect(await page.locator('.package-card').count()).toBe(0);

    await open(`/pagesBuy/card/index?id=${id}`);
    await page.getByText(zhOrders.pay.unavailable).waitFor();
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    await shot(page, 'audit-pay', 'zh-CN');
    await page.context().close();
  });
});
