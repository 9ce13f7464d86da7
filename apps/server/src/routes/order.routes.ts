import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7 "Orders" and `GET /pay/provider`. */
export function orderRoutes(registerCall: RegisterCall, services: Services): void {
  const { orders } = services;

  registerCall(api.payProviders, () => orders.payProviders());
  registerCall(api.createOrder, ({ body }, { caller, request }) =>
    orders.create(caller.userId, body, request.ip, request.language),
  );
  registerCall(api.orderPage, ({ query }, { caller, request }) =>
    orders.devicePage(caller.userId, query, request.language),
  );
  registerCall(api.topupOrderPage, ({ query }, { caller, request }) =>
    orders.topupPage(caller.userId, query, request.language),
  );
  registerCall(api.orderById, ({ params }, { caller, request }) =>
    orders.one(caller.userId, params.id, request.language),
  );
  registerCall(api.refundOrder, ({ body }, { caller }) =>
    orders.requestRefund(caller.userId, body),
  );
}
