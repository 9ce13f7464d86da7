import { OrderStatus, type Order, type PaymentHandoff } from '@xunji/shared';
import jsQR from 'jsqr';
import { describe, expect, it, vi } from 'vitest';
import { clientTypeOf } from './client-type';
import { handOff, type HandoffEnvironment, type WeixinJSBridge } from './handoff';
import { nextPoll, PAY_RESULT_POLL_MS, payResultView } from './pay-result';
import { qrPath } from './QrCode';
import { canAskForRefund, refundableFen, refundFeeOf } from './refund';
import { orderStatusWord, wasPaid } from './status';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`;
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const order = (patch: Partial<Order> = {}): Order => ({
  id: 7,
  orderNo: 'XJ20261126000007',
  status: OrderStatus.PAID,
  terminalId: 1,
  terminalName: 'Car 1',
  terminalNo: '13800000001',
  iccid: '89860000000000000001',
  productId: 3,
  productName: '1 GB',
  kind: 'data',
  provider: 'development',
  count: 1,
  amountFen: 1990,
  refundedFen: 0,
  createTime: 0,
  payTime: 1,
  closeTime: null,
  refund: null,
  isBuyer: true,
  ...patch,
});

describe('§4 order status words', () => {
  it('names -1…3 and calls anything else unknown', () => {
    expect([-1, 0, 1, 2, 3, 4, -2].map(orderStatusWord)).toEqual([
      'cancelled',
      'unpaid',
      'paid',
      'partiallyRefunded',
      'refunded',
      'unknown',
      'unknown',
    ]);
  });

  it('counts refunded orders as paid (what they bought was applied)', () => {
    expect([-1, 0, 1, 2, 3].map(wasPaid)).toEqual([false, false, true, true, true]);
  });
});

describe('the client type of this browser', () => {
  it('is jsapi inside WeChat, h5 on a phone, native on a desktop', () => {
    expect(clientTypeOf({ userAgent: WECHAT_UA, coarsePointer: true })).toBe('jsapi');
    expect(clientTypeOf({ userAgent: PHONE_UA, coarsePointer: true })).toBe('h5');
    expect(clientTypeOf({ userAgent: DESKTOP_UA, coarsePointer: false })).toBe('native');
  });

  it('takes a touch screen with a desktop user agent for a phone', () => {
    expect(clientTypeOf({ userAgent: DESKTOP_UA, coarsePointer: true })).toBe('h5');
  });
});

describe('the hand-off to the provider', () => {
  const environment = (bridge: WeixinJSBridge | null = null) => {
    const assign = vi.fn();
    const env: HandoffEnvironment = { assign, bridge: () => Promise.resolve(bridge) };
    return { env, assign };
  };
  const jsapi: PaymentHandoff = {
    kind: 'jsapi',
    params: {
      appId: 'wx1',
      timeStamp: '1700000000',
      nonceStr: 'n',
      package: 'prepay_id=wx2',
      signType: 'RSA',
      paySign: 'sig',
    },
  };
  const bridgeAnswering = (err_msg: string) => ({
    invoke: vi.fn<WeixinJSBridge['invoke']>((_name, _params, callback) => callback({ err_msg })),
  });

  it('watches the order at once when there is nothing to pay', async () => {
    const { env, assign } = environment();
    await expect(handOff({ kind: 'none' }, env)).resolves.toEqual({ step: 'result' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the provider for a redirect', async () => {
    const { env, assign } = environment();
    const url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=1';
    await expect(handOff({ kind: 'redirect', url }, env)).resolves.toEqual({ step: 'left' });
    expect(assign).toHaveBeenCalledWith(url);
  });

  it('shows a QR code for WeChat Native', async () => {
    const { env } = environment();
    await expect(
      handOff({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' }, env),
    ).resolves.toEqual({ step: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' });
  });

  it("calls WeixinJSBridge getBrandWCPayRequest with the server's parameters, as they are", async () => {
    const bridge = bridgeAnswering('get_brand_wcpay_request:ok');
    await expect(handOff(jsapi, environment(bridge).env)).resolves.toEqual({ step: 'result' });
    expect(bridge.invoke).toHaveBeenCalledWith(
      'getBrandWCPayRequest',
      jsapi.kind === 'jsapi' ? jsapi.params : null,
      expect.any(Function),
    );
  });

  it('says cancelled when the payer closes WeChat’s sheet, and watches the order on a failure', async () => {
    const cancel = bridgeAnswering('get_brand_wcpay_request:cancel');
    await expect(handOff(jsapi, environment(cancel).env)).resolves.toEqual({ step: 'cancelled' });
    const fail = bridgeAnswering('get_brand_wcpay_request:fail');
    await expect(handOff(jsapi, environment(fail).env)).resolves.toEqual({ step: 'result' });
  });

  it('cannot pay by JSAPI outside WeChat, nor with a native shell’s parameters', async () => {
    const { env } = environment(null);
    await expect(handOff(jsapi, env)).resolves.toEqual({ step: 'unsupported' });
    await expect(handOff({ kind: 'app', params: {} }, env)).resolves.toEqual({
      step: 'unsupported',
    });
  });
});

describe('the pay result page', () => {
  it('says paid only when the server does', () => {
    expect(payResultView(undefined, false)).toBe('loading');
    expect(payResultView(OrderStatus.UNPAID, false)).toBe('waiting');
    expect(payResultView(OrderStatus.PAID, false)).toBe('paid');
    expect(payResultView(OrderStatus.REFUNDED, true)).toBe('paid');
    expect(payResultView(OrderStatus.CANCELLED, false)).toBe('closed');
  });

  it('has not heard from the provider once the wait is over', () => {
    expect(payResultView(OrderStatus.UNPAID, true)).toBe('notHeard');
  });

  it('polls every 2 s while the order is unpaid and the wait lasts, then stops', () => {
    expect(nextPoll(undefined, false)).toBe(PAY_RESULT_POLL_MS);
    expect(nextPoll(OrderStatus.UNPAID, false)).toBe(2000);
    expect(nextPoll(OrderStatus.UNPAID, true)).toBe(false);
    expect(nextPoll(OrderStatus.PAID, false)).toBe(false);
    expect(nextPoll(OrderStatus.CANCELLED, false)).toBe(false);
  });
});

describe('refund requests', () => {
  it('are for the buyer of a paid order with something left, one at a time', () => {
    expect(canAskForRefund(order())).toBe(true);
    expect(canAskForRefund(order({ isBuyer: false }))).toBe(false);
    expect(canAskForRefund(order({ status: OrderStatus.UNPAID }))).toBe(false);
    expect(canAskForRefund(order({ status: OrderStatus.REFUNDED, refundedFen: 1990 }))).toBe(false);
    const request = (state: 'pending' | 'rejected' | 'refunded') => ({
      id: 1,
      orderId: 7,
      requestFee: 990,
      refundReason: 'r',
      contactName: 'n',
      contactTel: '13800000000',
      allowCall: true,
      state,
      refundFee: null,
      rejectReason: null,
      createTime: 0,
      decideTime: null,
    });
    expect(canAskForRefund(order({ refund: request('pending') }))).toBe(false);
    expect(canAskForRefund(order({ refund: request('rejected') }))).toBe(true);
    const partly = order({
      status: OrderStatus.PARTIALLY_REFUNDED,
      refundedFen: 990,
      refund: request('refunded'),
    });
    expect(canAskForRefund(partly)).toBe(true);
    expect(refundableFen(partly)).toBe(1000);
  });

  it('take an amount in yuan with at most two decimals, not over what is left', () => {
    expect(refundFeeOf('19.9', 1990)).toEqual({ fen: 1990 });
    expect(refundFeeOf(' 0.01 ', 1990)).toEqual({ fen: 1 });
    expect(refundFeeOf('19.91', 1990)).toEqual({ problem: 'tooHigh' });
    for (const text of ['', '0', '0.00', '1.234', '-1', 'abc', '1,5'])
      expect(refundFeeOf(text, 1990), text).toEqual({ problem: 'refundFee' });
  });
});

describe('the QR code', () => {
  it('scans back to the code_url', () => {
    const text = 'weixin://wxpay/bizpayurl?pr=AbCdEf123';
    const { size, path } = qrPath(text);
    const scale = 4;
    const quiet = 4;
    const side = (size + quiet * 2) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [, col, row] of path.matchAll(/M(\d+) (\d+)/g)) {
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const px = (Number(col) + quiet) * scale + x;
          const py = (Number(row) + quiet) * scale + y;
          pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
        }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(text);
  });
});
