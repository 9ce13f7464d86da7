import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentNotifications } from '../commerce/payment-notifications.js';
import { failure } from '../http/envelope.js';
import {
  CHECKOUT_CSS,
  checkoutPage,
  invalidPage,
  settledPage,
} from '../providers/payment/development-checkout.js';
import type { DevelopmentPaymentProvider } from '../providers/payment/development-payment-provider.js';
import {
  DEVELOPMENT_CHECKOUT_PATH,
  PAY_NOTIFY_PATH,
} from '../providers/payment/create-payment-providers.js';

export interface PaymentCallbackOptions {
  notifications: PaymentNotifications;
  development: DevelopmentPaymentProvider | undefined;
}

const headerText = (headers: FastifyRequest['headers']) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );

/** This server as its own socket sees it, so a relative notify URL never follows a Host header. */
function ownOrigin(request: FastifyRequest): string {
  const address = request.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${request.socket.localPort}`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The calls payment providers and the buyer's browser make, outside the contract and without an
 * applicationId: `POST /pay/notify/:provider` (the raw body, whatever its type — WeChat Pay's
 * JSON, Alipay's form, the development JSON — since signatures cover its exact bytes) and the
 * development checkout. Register under the API root in a scope of its own: the raw-body parser
 * stays inside it.
 */
export const paymentCallbacks: FastifyPluginAsync<PaymentCallbackOptions> = async (
  scope,
  { notifications, development },
) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const rawBody = (request: FastifyRequest) =>
    typeof request.body === 'string' ? request.body : '';

  scope.post(PAY_NOTIFY_PATH, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const answer = await notifications.receive(provider, {
      headers: headerText(request.headers),
      rawBody: rawBody(request),
    });
    if (!answer) return reply.status(404).send(failure('ROUTE_NOT_FOUND', request.language));
    return reply.status(answer.status).type(answer.contentType).send(answer.body);
  });

  if (!development) return;
  scope.get(`${DEVELOPMENT_CHECKOUT_PATH}.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CHECKOUT_CSS),
  );
  scope.get(DEVELOPMENT_CHECKOUT_PATH, async (request, reply) => {
    const token = (request.query as { t?: unknown }).t;
    const ticket = typeof token === 'string' ? development.ticket(token) : undefined;
    if (!ticket || typeof token !== 'string')
      return html(reply, 400, invalidPage(request.language));
    const state = development.stateOf(ticket);
    if (state !== 'payable')
      return html(reply, 409, settledPage(request.language, state, ticket.returnUrl));
    return html(reply, 200, checkoutPage(request.language, ticket, token));
  });
  scope.post(DEVELOPMENT_CHECKOUT_PATH, async (request, reply) => {
    const form = new URLSearchParams(rawBody(request));
    const ticket = development.ticket(form.get('t') ?? '');
    if (!ticket) return html(reply, 400, invalidPage(request.language));
    if (form.get('action') === 'confirm') {
      const state = development.stateOf(ticket);
      if (state !== 'payable')
        return html(reply, 409, settledPage(request.language, state, ticket.returnUrl));
      if (!(await development.confirm(ticket, ownOrigin(request))))
        request.log.warn({ orderNo: ticket.orderNo }, 'development notification not delivered');
    }
    return reply.redirect(ticket.returnUrl, 303);
  });
};
