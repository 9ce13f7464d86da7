import type { CreatedOrder, Order } from '@xunji/shared';
import type { TestServer } from './test-server.js';

/** Orders through the API, paid at the development checkout over real HTTP. */
export function orderFlow(server: () => TestServer) {
  async function create(token: string, body: Record<string, unknown>, language?: string) {
    return server().call<CreatedOrder>('POST', '/order/create', {
      token,
      body: { clientType: 'h5', provider: 'development', ...body },
      ...(language && { language }),
    });
  }

  /** Creates an order for the product, failing the test unless it is created. */
  async function created(token: string, terminalId: number, productId: number) {
    const { body } = await create(token, { terminalId, productId });
    if (body.code !== 0) throw new Error(`order/create: ${body.code} ${body.message}`);
    return body.data;
  }

  /** The checkout page of a development hand-off, as the buyer's browser opens it. */
  async function checkoutPage(order: CreatedOrder, language = 'zh-CN') {
    if (order.payment.kind !== 'redirect') throw new Error('not a redirect hand-off');
    const response = await fetch(new URL(order.payment.url, server().url), {
      headers: { 'accept-language': language },
    });
    return { status: response.status, html: await response.text(), headers: response.headers };
  }

  /** Presses a button of the checkout page; answers the redirect (or the page) it gets back. */
  async function press(order: CreatedOrder, action: 'confirm' | 'cancel') {
    if (order.payment.kind !== 'redirect') throw new Error('not a redirect hand-off');
    const url = new URL(order.payment.url, server().url);
    const response = await fetch(new URL(url.pathname, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: url.searchParams.get('t') ?? '', action }).toString(),
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location') };
  }

  /** Sends a notification signed with the development provider's key, as it would. */
  async function notify(body: Record<string, unknown>, headers?: Record<string, string>) {
    const development = server().services.paymentProviders.development;
    if (!development) throw new Error('the development provider is off');
    const raw = JSON.stringify(body);
    const response = await fetch(`${server().url}/api/pay/notify/development`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...development.sign(raw), ...headers },
      body: raw,
    });
    return { status: response.status, body: await response.text() };
  }

  async function read(token: string, id: number, language?: string) {
    return server().call<Order>('GET', `/order/${id}`, { token, ...(language && { language }) });
  }

  async function events(orderId: number) {
    return (await server().repositories.orders.events(orderId)).map((event) => event.kind);
  }

  return { create, created, checkoutPage, press, notify, read, events };
}
