import { randomUUID, type KeyObject } from 'node:crypto';
import type http from 'node:http';
import { atOrigin, localHttpServer, readBody } from './local-http.js';
import {
  authorizationProblem,
  encryptResource,
  notificationBody,
  platformHeaders,
  type PlatformSigner,
} from './wechat-pay-messages.js';

export interface WechatPayStandInOptions {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  platform: PlatformSigner;
  /** Certificate mode: the platform certificate (PEM) `/v3/certificates` hands out. */
  platformCertificate?: string;
}

interface StandInOrder {
  kind: string;
  request: Record<string, unknown> & {
    out_trade_no: string;
    notify_url: string;
    amount: { total: number };
  };
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  successTime?: string;
  paidFen?: number;
  refundedFen: number;
}

interface StandInRefund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  status: 'SUCCESS';
  amount: { refund: number; total: number };
}

const ORDER_PATH = /^\/v3\/pay\/transactions\/(jsapi|h5|native|app)$/;
const QUERY_PATH = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/;
const CLOSE_PATH = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/;
const REFUND_PATH = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/;

/**
 * The WeChat Pay v3 gateway on a local port. Every request's Authorization is checked against the
 * merchant's key (401 SIGN_ERROR), every answer is signed with the platform key. Orders are kept;
 * `pay` marks one paid and posts the signed, encrypted notification to its notify_url.
 */
export function startWechatPayStandIn(options: WechatPayStandInOptions) {
  const orders = new Map<string, StandInOrder>();
  const refunds = new Map<string, StandInRefund>();
  const requests: { method: string; path: string; body: unknown; authorization: string }[] = [];
  let now = () => Date.now();
  /** Where notifications go instead of notify_url's own origin (the server's random port). */
  let deliverBase: string | undefined;

  const answer = (response: http.ServerResponse, status: number, value?: object) => {
    const body = value === undefined ? '' : JSON.stringify(value);
    response.writeHead(status, {
      ...platformHeaders(options.platform, body, Math.floor(now() / 1000)),
      ...(body ? { 'content-type': 'application/json' } : {}),
    });
    response.end(body);
  };
  const fail = (response: http.ServerResponse, status: number, code: string, message = code) =>
    answer(response, status, { code, message });

  const transaction = (order: StandInOrder) => ({
    appid: options.appid,
    mchid: options.mchid,
    out_trade_no: order.request.out_trade_no,
    trade_state: order.state,
    trade_state_desc: order.state,
    ...(order.transactionId
      ? {
          transaction_id: order.transactionId,
          success_time: order.successTime,
          trade_type: order.kind.toUpperCase(),
          payer: { openid: 'stand-in-openid' },
          amount: { total: order.paidFen, payer_total: order.paidFen, currency: 'CNY' },
        }
      : { amount: { total: order.request.amount.total, currency: 'CNY' } }),
  });

  const handlers = {
    create(kind: string, body: StandInOrder['request'], response: http.ServerResponse) {
      const problem = orderProblem(kind, body, options);
      if (problem) return fail(response, 400, 'PARAM_ERROR', problem);
      const known = orders.get(body.out_trade_no);
      if (known && known.state !== 'NOTPAY') return fail(response, 400, 'ORDERPAID', '订单已支付');
      orders.set(body.out_trade_no, { kind, request: body, state: 'NOTPAY', refundedFen: 0 });
      const prepay = `wx${randomUUID().replace(/-/g, '')}`;
      if (kind === 'h5')
        return answer(response, 200, {
          h5_url: `https://wx.tenpay.com/checkout?prepay_id=${prepay}`,
        });
      if (kind === 'native')
        return answer(response, 200, {
          code_url: `weixin://wxpay/bizpayurl?pr=${prepay.slice(2, 12)}`,
        });
      return answer(response, 200, { prepay_id: prepay });
    },
    refund(
      body: {
        reason?: string;
        out_trade_no: string;
        out_refund_no: string;
        amount: { refund: number; total: number };
      },
      response: http.ServerResponse,
    ) {
      const order = orders.get(body.out_trade_no);
      if (!order) return fail(response, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (order.state !== 'SUCCESS' && order.state !== 'REFUND')
        return fail(response, 403, 'NOT_ENOUGH', '订单未支付');
      if (body.reason !== undefined && [...body.reason].length > 80)
        return fail(response, 400, 'PARAM_ERROR', 'reason');
      if (body.amount.total !== order.paidFen)
        return fail(response, 400, 'PARAM_ERROR', 'amount.total');
      const known = refunds.get(body.out_refund_no);
      if (known) return answer(response, 200, known);
      if (order.refundedFen + body.amount.refund > (order.paidFen ?? 0))
        return fail(response, 403, 'NOT_ENOUGH', '退款金额超过可退金额');
      order.refundedFen += body.amount.refund;
      order.state = 'REFUND';
      const refund: StandInRefund = {
        out_refund_no: body.out_refund_no,
        out_trade_no: body.out_trade_no,
        refund_id: `50${Date.now()}${refunds.size}`,
        status: 'SUCCESS',
        amount: { refund: body.amount.refund, total: body.amount.total },
      };
      refunds.set(body.out_refund_no, refund);
      answer(response, 200, refund);
    },
  };

  const server = localHttpServer(async (request, response) => {
    const pathWithQuery = request.url ?? '/';
    const url = new URL(pathWithQuery, 'http://x');
    const text = (await readBody(request)).toString('utf8');
    const method = request.method ?? 'GET';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    requests.push({
      method,
      path: pathWithQuery,
      body,
      authorization: request.headers.authorization ?? '',
    });
    const problem = authorizationProblem(
      request.headers.authorization,
      { method, pathWithQuery, body: text },
      {
        mchid: options.mchid,
        serial: options.merchantSerial,
        publicKey: options.merchantPublicKey,
      },
    );
    if (problem) return fail(response, 401, 'SIGN_ERROR', problem);
    let match: RegExpExecArray | null;
    if (method === 'POST' && (match = ORDER_PATH.exec(url.pathname)))
      return handlers.create(match[1]!, body as StandInOrder['request'], response);
    if (method === 'GET' && (match = QUERY_PATH.exec(url.pathname))) {
      if (url.searchParams.get('mchid') !== options.mchid)
        return fail(response, 400, 'PARAM_ERROR', 'mchid');
      const order = orders.get(decodeURIComponent(match[1]!));
      return order
        ? answer(response, 200, transaction(order))
        : fail(response, 404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    if (method === 'POST' && (match = CLOSE_PATH.exec(url.pathname))) {
      const order = orders.get(decodeURIComponent(match[1]!));
      if (!order) return fail(response, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (order.state !== 'NOTPAY' && order.state !== 'CLOSED')
        return fail(response, 400, 'ORDERPAID', '订单已支付');
      order.state = 'CLOSED';
      return answer(response, 204);
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds')
      return handlers.refund(body as Parameters<typeof handlers.refund>[0], response);
    if (method === 'GET' && (match = REFUND_PATH.exec(url.pathname))) {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      return refund
        ? answer(response, 200, refund)
        : fail(response, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (method === 'GET' && url.pathname === '/v3/certificates' && options.platformCertificate) {
      const certificate = encryptResource(
        options.platformCertificate,
        options.apiV3Key,
        'certificate',
      );
      return answer(response, 200, {
        data: [
          {
            serial_no: options.platform.serial,
            effective_time: '2025-01-01T00:00:00+08:00',
            expire_time: '2030-01-01T00:00:00+08:00',
            encrypt_certificate: certificate,
          },
        ],
      });
    }
    fail(response, 404, 'NOT_FOUND', url.pathname);
  });

  /** POSTs a notification as WeChat Pay does; answers the merchant's reply. */
  async function post(
    notifyUrl: string,
    body: string,
    headers = platformHeaders(options.platform, body, Math.floor(now() / 1000)),
  ) {
    const reply = await fetch(atOrigin(notifyUrl, deliverBase), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    return { status: reply.status, body: await reply.text() };
  }

  const need = (orderNo: string) => {
    const order = orders.get(orderNo);
    if (!order) throw new Error(`the stand-in has no order ${orderNo}`);
    return order;
  };

  return {
    ...server,
    requests,
    order: (orderNo: string) => orders.get(orderNo),
    refund: (refundNo: string) => refunds.get(refundNo),
    useClock(clock: { now(): number }) {
      now = () => clock.now();
    },
    deliverTo(base: string) {
      deliverBase = base;
    },
    /** The buyer pays (`paidFen` to pay another amount); `notify: false` loses the notification. */
    async pay(orderNo: string, paid: { paidFen?: number; notify?: boolean } = {}) {
      const order = need(orderNo);
      order.state = 'SUCCESS';
      order.paidFen = paid.paidFen ?? order.request.amount.total;
      order.transactionId = `42000${Date.now()}`;
      order.successTime = new Date(now()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
      return paid.notify === false ? undefined : this.notify(orderNo);
    },
    /** Sends the order's TRANSACTION.SUCCESS notification (again). */
    notify(orderNo: string) {
      const order = need(orderNo);
      return post(
        order.request.notify_url,
        notificationBody('TRANSACTION.SUCCESS', transaction(order), options.apiV3Key),
      );
    },
    /** Posts any body with any Wechatpay-* headers to an order's notify_url (probes, forgeries). */
    postRaw(orderNo: string, body: string, headers: Record<string, string>) {
      return post(need(orderNo).request.notify_url, body, headers);
    },
    reset() {
      orders.clear();
      refunds.clear();
      requests.length = 0;
    },
  };
}

function orderProblem(
  kind: string,
  body: Record<string, unknown>,
  options: WechatPayStandInOptions,
): string | null {
  const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
  if (body.mchid !== options.mchid || body.appid !== options.appid) return 'mchid/appid';
  for (const field of ['description', 'out_trade_no', 'notify_url', 'time_expire'])
    if (typeof body[field] !== 'string' || !body[field]) return field;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(body.time_expire as string))
    return 'time_expire';
  if (
    !Number.isInteger(amount?.total) ||
    (amount?.total as number) < 1 ||
    amount?.currency !== 'CNY'
  )
    return 'amount';
  if (kind === 'jsapi' && !(body.payer as { openid?: string } | undefined)?.openid)
    return 'payer.openid';
  if (kind === 'h5') {
    const scene = body.scene_info as
      { payer_client_ip?: string; h5_info?: { type?: string; app_name?: string } } | undefined;
    if (!scene?.payer_client_ip || scene.h5_info?.type !== 'Wap' || !scene.h5_info.app_name)
      return 'scene_info';
  }
  return null;
}
