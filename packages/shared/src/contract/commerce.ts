/** Spec §7 "SIM and packages", "Orders" and `GET /pay/provider` (issue 17). */
import { z } from 'zod';
import { CLIENT_TYPES, PAY_PROVIDERS, SERVICE_PATHS, VIP_PLAN_TYPES } from '../commerce.js';
import { PAGE_SIZE } from '../constants.js';
import { isMobile, isTextarea } from '../validators.js';
import {
  CreatedOrder,
  Order,
  OrderPage,
  PayProviderInfo,
  RefundRequestView,
  ServicePackage,
  SimCardAlarm,
  SimCardInfo,
} from './commerce-entities.js';
import { defineCall } from './define.js';
import { iccid, id, pageLimit, pageNumber } from './fields.js';
import { routes } from './routes.js';

const iccidParams = z.object({ iccid });
const packages = z.array(ServicePackage);

export const simCardInfo = defineCall({
  ...routes.simCardInfo,
  summary:
    'A SIM card of a device the caller may see: state, data and SMS used and total, activation, expiry',
  params: iccidParams,
  response: SimCardInfo,
});

export const simCardAlarm = defineCall({
  ...routes.simCardAlarm,
  summary: "A SIM card's alarm: low or no data left, service about to expire or ended",
  params: iccidParams,
  response: SimCardAlarm,
});

export const simPackages = defineCall({
  ...routes.simPackages,
  summary: "The data and SMS packages on sale for the card's device",
  query: z.object({ iccid }),
  response: packages,
});

export const telPackages = defineCall({
  ...routes.telPackages,
  summary: 'The alarm phone-call packages on sale for the device',
  query: z.object({ terminalId: id }),
  response: packages,
});

export const servicePackages = defineCall({
  ...routes.servicePackages,
  summary: 'The value-added services of one path (renewal, record, history) on sale for the device',
  params: z.object({ path: z.enum(SERVICE_PATHS, { error: 'servicePath' }) }),
  query: z.object({ terminalId: id }),
  response: packages,
});

export const vipPlans = defineCall({
  ...routes.vipPlans,
  summary: 'Activation (with the trial) or renewal plans for the device',
  query: z.object({
    terminalId: id,
    type: z.enum(VIP_PLAN_TYPES, { error: 'vipPlanType' }).default('activation'),
  }),
  response: packages,
});

export const payProviders = defineCall({
  ...routes.payProviders,
  summary: 'The payment providers this server is configured for, with the client types each serves',
  response: z.array(PayProviderInfo),
});

export const createOrder = defineCall({
  ...routes.createOrder,
  summary:
    'An unpaid order for a product, priced by the server, and what the client needs to pay it',
  body: z
    .object({
      clientType: z.enum(CLIENT_TYPES, { error: 'clientType' }),
      terminalId: id.optional(),
      /** The §3 name of the same field; either one. */
      deviceId: id.optional(),
      productId: id,
      provider: z.enum(PAY_PROVIDERS, { error: 'payProvider' }),
      openid: z.string().trim().min(1).max(128).optional(),
      iccid: iccid.optional(),
    })
    .refine((b) => b.terminalId !== undefined || b.deviceId !== undefined, {
      error: 'id',
      path: ['terminalId'],
    })
    .refine((b) => b.clientType !== 'jsapi' || b.provider !== 'wechat' || !!b.openid, {
      error: 'openid',
      path: ['openid'],
    }),
  response: CreatedOrder,
});

export const orderPage = defineCall({
  ...routes.orderPage,
  summary: "A device's orders, newest first (20 a page)",
  query: z.object({
    page: pageNumber,
    limit: pageLimit(PAGE_SIZE.orders),
    terminalId: id,
  }),
  response: OrderPage,
});

export const topupOrderPage = defineCall({
  ...routes.topupOrderPage,
  summary: "The caller's SIM top-up orders on every device, newest first (20 a page)",
  query: z.object({ page: pageNumber, limit: pageLimit(PAGE_SIZE.orders) }),
  response: OrderPage,
});

export const orderById = defineCall({
  ...routes.orderById,
  summary: "One order: only its buyer or the device's owner",
  params: z.object({ id }),
  response: Order,
});

const text = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .refine((v) => [...v].length <= max, { error });

export const refundOrder = defineCall({
  ...routes.refundOrder,
  summary:
    'Ask for a refund of a paid order; packages are virtual and non-refundable (§9), so the operator decides',
  body: z.object({
    orderId: id,
    requestFee: z
      .number({ error: 'refundFee' })
      .int({ error: 'refundFee' })
      .min(1, { error: 'refundFee' })
      .max(2 ** 31 - 1, { error: 'refundFee' }),
    refundReason: text(140, 'refundReason').refine(isTextarea, { error: 'refundReason' }),
    contactName: text(32, 'contactName'),
    contactTel: z.string({ error: 'mobile' }).trim().refine(isMobile, { error: 'mobile' }),
    allowCall: z.boolean().default(true),
  }),
  response: RefundRequestView,
});
