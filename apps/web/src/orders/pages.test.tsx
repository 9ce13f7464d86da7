import { OrderStatus, type Order, type ServicePackage } from '@xunji/shared';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../api/feedback';
import { resetTerminalFetch } from '../devices/terminal-fetch';
import PayPage from '../pagesBuy/card/index';
import OrderDetailsPage from '../pagesBuy/order/specifics';
import PaySuccessPage from '../pagesBuy/paySuccess/index';
import { useAppStore } from '../stores/app';
import { useOrderStore } from '../stores/order';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { appConfig, featureFlags, terminal, terminalTypeInfo } from '../test/fixtures';
import {
  buttonNamed,
  click,
  displayEverything,
  pageHarness,
  pageText,
  settleUi,
  typeInto,
} from '../test/page-harness';
import { currentClientType } from './client-type';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../router/navigation');
vi.mock('./client-type', () => ({ currentClientType: vi.fn(() => 'h5') }));

const page = pageHarness();
let handlers: CallHandlers;

const ICCID = '89860412345678901234';
const product: ServicePackage = {
  id: 3,
  kind: 'data',
  path: null,
  effect: 'simData',
  name: '1 GB data',
  description: '',
  priceFen: 1990,
  originalPriceFen: null,
  durationDays: 30,
  quota: 1024,
  isTrial: false,
  available: true,
};

const order = (patch: Partial<Order> = {}): Order => ({
  id: 41,
  orderNo: 'XJ2026112600041',
  status: OrderStatus.UNPAID,
  terminalId: 7,
  terminalName: 'Car 7',
  terminalNo: '13800000007',
  iccid: ICCID,
  productId: 3,
  productName: '1 GB data',
  kind: 'data',
  provider: 'wechat',
  count: 1,
  amountFen: 1990,
  refundedFen: 0,
  createTime: Date.UTC(2026, 10, 26, 1),
  payTime: null,
  closeTime: null,
  refund: null,
  isBuyer: true,
  ...patch,
});

const car = terminal(7, { iccid: ICCID, terminalTypeInfo: terminalTypeInfo(featureFlags(true)) });

beforeAll(displayEverything);

beforeEach(() => {
  resetTerminalFetch();
  useAppStore.setState({ auditMode: false, config: appConfig() });
  useOrderStore.setState({ draft: { terminalId: 7, iccid: ICCID, product }, pendingOrderId: null });
  handlers = {
    terminalV2: () => car,
    userInfo: () => ({ openId: null }),
    payProviders: () => [
      { provider: 'wechat', clientTypes: ['jsapi', 'h5', 'native'] },
      { provider: 'alipay', clientTypes: ['native'] },
      { provider: 'development', clientTypes: ['h5', 'jsapi', 'native', 'app'] },
    ],
    createOrder: () => ({
      id: 41,
      orderNo: 'XJ2026112600041',
      amountFen: 1990,
      status: 0,
      payment: { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' },
    }),
    orderById: () => order(),
  };
  answerCalls(() => handlers);
});

describe('pay page', () => {
  it("shows the draft and the providers of this browser, and pays the server's order", async () => {
    await page.render('/pagesBuy/card/index?id=7', <PayPage />);
    const text = pageText();
    expect(text).toContain('1 GB data');
    expect(text).toContain('1 GB · Valid 30 days');
    expect(text).toContain('WeChat Pay');
    expect(text).toContain('Development checkout');
    // Alipay serves only desktops here.
    expect(text).not.toContain('Alipay');

    await click(buttonNamed('Pay ¥19.90'));
    expect(callInputs('createOrder')).toEqual([
      {
        body: {
          clientType: 'h5',
          terminalId: 7,
          productId: 3,
          provider: 'wechat',
          openid: undefined,
          iccid: ICCID,
        },
      },
    ]);
    expect(useOrderStore.getState().pendingOrderId).toBe(41);
    // A QR code hand-off: the code to scan, the order number, and the order followed below.
    expect(document.querySelector('[data-qr="weixin://wxpay/bizpayurl?pr=abc"]')).not.toBeNull();
    expect(pageText()).toContain('XJ2026112600041');
    expect(document.querySelector('[data-pay-result="waiting"]')).not.toBeNull();
    expect(pageText()).not.toContain('Payment received');
  });

  it('pays with the provider chosen', async () => {
    await page.render('/pagesBuy/card/index?id=7', <PayPage />);
    await click(document.querySelector('[data-provider="development"]')!);
    await click(buttonNamed('Pay ¥19.90'));
    expect(callInputs<{ body: { provider: string } }>('createOrder')[0]?.body.provider).toBe(
      'development',
    );
  });

  it('says when the purchase is not for this device', async () => {
    await page.render('/pagesBuy/card/index?id=8', <PayPage />);
    expect(pageText()).toContain('Nothing to pay');
    expect(callInputs('payProviders')).toEqual([]);
  });

  it('sells nothing in audit mode', async () => {
    useAppStore.setState({ auditMode: true });
    await page.render('/pagesBuy/card/index?id=7', <PayPage />);
    expect(pageText()).toContain('Purchases are not available in this version');
    expect(document.querySelector('[data-testid="pay-button"]')).toBeNull();
    expect(callInputs('payProviders')).toEqual([]);
  });

  it('tells a WeChat browser without its bridge to open the page in WeChat', async () => {
    vi.mocked(currentClientType).mockReturnValueOnce('jsapi');
    handlers.userInfo = () => ({ openId: 'o-123' });
    handlers.createOrder = () => ({
      id: 41,
      orderNo: 'XJ2026112600041',
      amountFen: 1990,
      status: 0,
      payment: {
        kind: 'jsapi',
        params: {
          appId: 'wx1',
          timeStamp: '1',
          nonceStr: 'n',
          package: 'prepay_id=1',
          signType: 'RSA',
          paySign: 's',
        },
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await page.render('/pagesBuy/card/index?id=7', <PayPage />);
      await click(buttonNamed('Pay ¥19.90'));
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await settleUi();
    } finally {
      vi.useRealTimers();
    }
    expect(callInputs<{ body: object }>('createOrder')[0]?.body).toMatchObject({
      clientType: 'jsapi',
      openid: 'o-123',
    });
    expect(toast).toHaveBeenCalledWith('Open this page in WeChat to pay');
  });
});

describe('pay result page', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the server, says paid only when it does, and links to the SIM card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await page.render('/pagesBuy/paySuccess/index?orderId=41', <PaySuccessPage />);
    expect(document.querySelector('[data-pay-result="waiting"]')).not.toBeNull();
    expect(callInputs('orderById')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settleUi();
    expect(callInputs('orderById')).toHaveLength(2);
    expect(pageText()).not.toContain('Payment received');

    handlers.orderById = () => order({ status: OrderStatus.PAID, payTime: Date.now() });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settleUi();
    expect(pageText()).toContain('Payment received');
    expect(document.querySelector('[data-link="simCard"]')).not.toBeNull();
  });

  it('has not heard from the provider after two minutes, and waits again on refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await page.render('/pagesBuy/paySuccess/index?orderId=41', <PaySuccessPage />);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    await settleUi();
    expect(document.querySelector('[data-pay-result="notHeard"]')).not.toBeNull();
    const polls = callInputs('orderById').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callInputs('orderById')).toHaveLength(polls);

    await click(buttonNamed('Refresh'));
    expect(document.querySelector('[data-pay-result="waiting"]')).not.toBeNull();
  });

  it('says a closed order was not charged and offers to pay again', async () => {
    handlers.orderById = () => order({ status: OrderStatus.CANCELLED });
    await page.render('/pagesBuy/paySuccess/index?orderId=41', <PaySuccessPage />);
    expect(pageText()).toContain('This order was closed');
    expect(buttonNamed('Pay again')).toBeDefined();
  });
});

describe('order details', () => {
  beforeEach(() => {
    handlers.orderById = () => order({ status: OrderStatus.PAID, payTime: Date.now() });
    handlers.refundOrder = () => ({});
  });

  it('asks for a refund in yuan, not more than was paid', async () => {
    await page.render('/pagesBuy/order/specifics?orderId=41', <OrderDetailsPage />);
    expect(pageText()).toContain('XJ2026112600041');
    expect(pageText()).toContain('Packages and top-ups are virtual and non-refundable');
    await click(buttonNamed('Request a refund'));
    const inputs = () => [...document.querySelectorAll<HTMLInputElement>('.refund-form input')];
    const textarea = document.querySelector<HTMLTextAreaElement>('.refund-form textarea')!;
    await typeInto(inputs()[0]!, '20');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
        textarea,
        'Bought twice',
      );
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await typeInto(inputs()[1]!, 'Demo');
    await typeInto(inputs()[2]!, '13800138000');
    await click(buttonNamed('Send the request'));
    expect(pageText()).toContain('The refund cannot exceed the refundable ¥19.90');
    expect(callInputs('refundOrder')).toEqual([]);

    await typeInto(inputs()[0]!, '9.9');
    await click(buttonNamed('Send the request'));
    expect(callInputs('refundOrder')).toEqual([
      {
        body: {
          orderId: 41,
          requestFee: 990,
          refundReason: 'Bought twice',
          contactName: 'Demo',
          contactTel: '13800138000',
          allowCall: true,
        },
      },
    ]);
  });

  it('says when an unpaid order closes, and offers no refund', async () => {
    handlers.orderById = () => order({ closeTime: Date.UTC(2026, 10, 26, 1, 30) });
    await page.render('/pagesBuy/order/specifics?orderId=41', <OrderDetailsPage />);
    expect(document.querySelector('[data-fact="closeTime"]')?.textContent).toContain(
      'Closes if unpaid',
    );
    expect(pageText()).toContain('Unpaid');
    expect(pageText()).not.toContain('Request a refund');
  });

  it('offers no refund form to the owner reading an order someone else bought', async () => {
    handlers.orderById = () => order({ status: OrderStatus.PAID, isBuyer: false });
    await page.render('/pagesBuy/order/specifics?orderId=41', <OrderDetailsPage />);
    expect(pageText()).toContain('1 GB data');
    expect(pageText()).not.toContain('Request a refund');
  });
});
