import type { KeyObject } from 'node:crypto';
import { formatFen, parseYuanToFen } from '@xunji/shared';
import { atOrigin, localHttpServer, readBody } from './local-http.js';
import { requestProblem, signedAnswer, signedNotification } from './alipay-messages.js';

export interface AlipayStandInOptions {
  appId: string;
  /** The app's public key, as uploaded to the Alipay console: checks each call's `sign`. */
  appPublicKey: KeyObject;
  /** Alipay's own key: signs answers and notifications. */
  alipayPrivateKey: KeyObject;
}

interface StandInTrade {
  method: string;
  biz: {
    out_trade_no: string;
    total_amount: string;
    subject: string;
    product_code: string;
    time_expire?: string;
    quit_url?: string;
  };
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  paidAmount?: string;
  gmtPayment?: string;
  refunds: Map<string, number>;
}

const SELLER_ID = '2088102177846880';
const beijing = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The Alipay OpenAPI gateway on a local port. A GET is the buyer's browser opening a wap/page pay
 * URL (the trade starts to exist then); a POST is a server call. Each one's `sign` is checked with
 * the app's public key; answers and notifications are signed with Alipay's key.
 */
export function startAlipayStandIn(options: AlipayStandInOptions) {
  const trades = new Map<string, StandInTrade>();
  const calls: Record<string, string>[] = [];
  let now = () => Date.now();
  let deliverBase: string | undefined;
  const sign = (method: string, response: object) =>
    signedAnswer(method, response, options.alipayPrivateKey);
  const businessFailed = (subCode: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subCode,
  });

  const methods: Record<string, (biz: Record<string, string>) => object> = {
    'alipay.trade.query': (biz) => {
      const trade = trades.get(biz.out_trade_no ?? '');
      if (!trade) return businessFailed('ACQ.TRADE_NOT_EXIST');
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.biz.out_trade_no,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: trade.paidAmount ?? trade.biz.total_amount,
        ...(trade.gmtPayment
          ? { send_pay_date: trade.gmtPayment, buyer_pay_amount: trade.paidAmount }
          : {}),
      };
    },
    'alipay.trade.close': (biz) => {
      const trade = trades.get(biz.out_trade_no ?? '');
      if (!trade) return businessFailed('ACQ.TRADE_NOT_EXIST');
      if (trade.status !== 'WAIT_BUYER_PAY') return businessFailed('ACQ.TRADE_STATUS_ERROR');
      trade.status = 'TRADE_CLOSED';
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.biz.out_trade_no,
        trade_no: trade.tradeNo,
      };
    },
    'alipay.trade.refund': (biz) => {
      const trade = trades.get(biz.out_trade_no ?? '');
      if (!trade?.paidAmount) return businessFailed('ACQ.TRADE_NOT_EXIST');
      const refunded = () => [...trade.refunds.values()].reduce((a, b) => a + b, 0);
      const answer = (fundChange: 'Y' | 'N') => ({
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.biz.out_trade_no,
        trade_no: trade.tradeNo,
        fund_change: fundChange,
        refund_fee: formatFen(refunded()),
      });
      const requestNo = biz.out_request_no ?? biz.out_trade_no!;
      if (trade.refunds.has(requestNo)) return answer('N');
      const amount = parseYuanToFen(biz.refund_amount ?? '');
      if (amount === null || amount <= 0) return businessFailed('ACQ.INVALID_PARAMETER');
      if (refunded() + amount > parseYuanToFen(trade.paidAmount)!)
        return businessFailed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
      trade.refunds.set(requestNo, amount);
      if (refunded() === parseYuanToFen(trade.paidAmount)) trade.status = 'TRADE_CLOSED';
      return answer('Y');
    },
    'alipay.trade.fastpay.refund.query': (biz) => {
      const trade = trades.get(biz.out_trade_no ?? '');
      const refund = trade?.refunds.get(biz.out_request_no ?? '');
      if (!trade || refund === undefined) return { code: '10000', msg: 'Success' };
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.biz.out_trade_no,
        trade_no: trade.tradeNo,
        out_request_no: biz.out_request_no,
        total_amount: trade.paidAmount,
        refund_amount: formatFen(refund),
        refund_status: 'REFUND_SUCCESS',
      };
    },
  };

  const server = localHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    const fields = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) };
    calls.push(fields);
    const method = fields.method ?? '';
    const problem =
      fields.app_id === options.appId
        ? requestProblem(fields, options.appPublicKey)
        : `app_id ${fields.app_id}`;
    if (request.method === 'GET') {
      // The cashier page: an unsigned or foreign link shows Alipay's error page, not a trade.
      if (problem || !['alipay.trade.wap.pay', 'alipay.trade.page.pay'].includes(method))
        return response
          .writeHead(400, { 'content-type': 'text/plain' })
          .end(`invalid request: ${problem ?? method}`);
      const biz = JSON.parse(fields.biz_content ?? '{}') as StandInTrade['biz'];
      if (!trades.has(biz.out_trade_no))
        trades.set(biz.out_trade_no, {
          method,
          biz,
          notifyUrl: fields.notify_url ?? '',
          returnUrl: fields.return_url ?? '',
          status: 'WAIT_BUYER_PAY',
          tradeNo: `2025${Date.now()}${trades.size}`,
          refunds: new Map(),
        });
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<title>支付宝收银台</title>');
    }
    const handler = methods[method];
    const answer = problem
      ? {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: problem,
        }
      : handler
        ? handler(JSON.parse(fields.biz_content ?? '{}') as Record<string, string>)
        : businessFailed('isv.invalid-method');
    response
      .writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
      .end(sign(method || 'error', answer));
  });

  const need = (orderNo: string) => {
    const trade = trades.get(orderNo);
    if (!trade) throw new Error(`the stand-in has no trade ${orderNo} (open its pay URL first)`);
    return trade;
  };

  return {
    ...server,
    calls,
    trade: (orderNo: string) => trades.get(orderNo),
    useClock(clock: { now(): number }) {
      now = () => clock.now();
    },
    deliverTo(base: string) {
      deliverBase = base;
    },
    /** The buyer pays (`paidYuan` to pay another amount); `notify: false` loses the notification. */
    async pay(orderNo: string, paid: { paidYuan?: string; notify?: boolean } = {}) {
      const trade = need(orderNo);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAmount = paid.paidYuan ?? trade.biz.total_amount;
      trade.gmtPayment = beijing(now());
      return paid.notify === false ? undefined : this.notify(orderNo);
    },
    /** Posts the trade's trade_status_sync notification (again) to its notify_url. */
    async notify(orderNo: string) {
      const trade = need(orderNo);
      const body = signedNotification(
        {
          notify_time: beijing(now()),
          notify_type: 'trade_status_sync',
          notify_id: `2025${Date.now()}`,
          app_id: options.appId,
          auth_app_id: options.appId,
          charset: 'utf-8',
          version: '1.0',
          trade_no: trade.tradeNo,
          out_trade_no: trade.biz.out_trade_no,
          trade_status: trade.status,
          total_amount: trade.paidAmount ?? trade.biz.total_amount,
          receipt_amount: trade.paidAmount ?? '0.00',
          buyer_pay_amount: trade.paidAmount ?? '0.00',
          subject: trade.biz.subject,
          seller_id: SELLER_ID,
          buyer_id: '2088102177890000',
          gmt_create: trade.gmtPayment ?? beijing(now()),
          gmt_payment: trade.gmtPayment ?? '',
        },
        options.alipayPrivateKey,
      );
      const reply = await fetch(atOrigin(trade.notifyUrl, deliverBase), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
      });
      return { status: reply.status, body: await reply.text() };
    },
    reset() {
      trades.clear();
      calls.length = 0;
    },
  };
}
