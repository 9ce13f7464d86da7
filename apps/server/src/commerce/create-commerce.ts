import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createPaymentProviders } from '../providers/payment/create-payment-providers.js';
import type { Repositories } from '../repositories/create-repositories.js';
import type { CatalogueService } from '../services/catalogue.service.js';
import type { DeviceAccess } from '../services/device-access.service.js';
import { OrderService } from '../services/order.service.js';
import { CommerceJobs } from './commerce-jobs.js';
import { OrderCloser } from './order-closer.js';
import { OrderPayments, type TopupDelivery } from './order-payments.js';
import { PaymentNotifications } from './payment-notifications.js';
import { Reconciliation } from './reconciliation.js';
import { Refunds } from './refunds.js';

/** Orders, payments, refunds and their jobs over the configured payment providers. */
export async function createCommerce(
  config: Config,
  repositories: Repositories,
  access: DeviceAccess,
  catalogue: Pick<CatalogueService, 'productFor'>,
  topups: TopupDelivery,
  clock: Clock,
  logger: FastifyBaseLogger,
) {
  const { commerce } = config;
  const paymentProviders = await createPaymentProviders(config, repositories.settings, clock);
  const payments = new OrderPayments(
    repositories.orders,
    repositories.orderFulfilment,
    topups,
    clock,
    logger,
  );
  const orders = new OrderService(
    access,
    catalogue,
    repositories.orders,
    repositories.refunds,
    paymentProviders,
    payments,
    {
      baseUrl: commerce.notifyBaseUrl,
      apiRoot: config.apiRoot,
      orderNoPrefix: commerce.orderNoPrefix,
    },
    clock,
    logger,
  );
  const refunds = new Refunds(
    repositories.refunds,
    repositories.orders,
    paymentProviders,
    (provider) => orders.notifyUrl(provider),
    clock,
    logger,
  );
  const orderCloser = new OrderCloser(
    repositories.orders,
    payments,
    paymentProviders,
    clock,
    logger,
  );
  const reconciliation = new Reconciliation(
    repositories.orders,
    payments,
    refunds,
    paymentProviders,
    commerce.reconcileAfterMs,
    clock,
    logger,
  );
  return {
    paymentProviders,
    orders,
    refunds,
    orderCloser,
    reconciliation,
    commerceJobs: new CommerceJobs(orderCloser, reconciliation, logger),
    paymentNotifications: new PaymentNotifications(paymentProviders, payments, refunds, logger),
  };
}
