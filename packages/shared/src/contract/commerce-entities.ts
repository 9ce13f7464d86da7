import { z } from 'zod';
import {
  CLIENT_TYPES,
  PAY_PROVIDERS,
  PRODUCT_EFFECTS,
  PRODUCT_KINDS,
  REFUND_STATES,
  SIM_ALARM_KINDS,
  SIM_STATES,
} from '../commerce.js';

const fen = z.number().int();
const instant = z.number().int();

/** A product of the catalogue as a package list shows it (name in the caller's language). */
export const ServicePackage = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_KINDS),
  /** The value-added path or the VIP plan type; null for SIM and call packages. */
  path: z.string().nullable(),
  effect: z.enum(PRODUCT_EFFECTS),
  name: z.string(),
  description: z.string(),
  priceFen: fen,
  /** The price before a discount, shown struck through; null when there is none. */
  originalPriceFen: fen.nullable(),
  /** How long the package or the service lasts; null for a quota without an end. */
  durationDays: z.number().int().nullable(),
  /** MB of data, SMS or call minutes, by effect; null for a service period. */
  quota: z.number().int().nullable(),
  isTrial: z.boolean(),
  /** False for a trial this device has already had: shown, not bought. */
  available: z.boolean(),
});
export type ServicePackage = z.infer<typeof ServicePackage>;

/** §3 SIM info by ICCID. Data in KB; `updatedAt` is when the usage was last read. */
export const SimCardInfo = z.object({
  iccid: z.string(),
  msisdn: z.string().nullable(),
  /** cmcc | cucc | ctcc, or another operator's name */
  operator: z.string().nullable(),
  planName: z.string().nullable(),
  state: z.enum(SIM_STATES),
  usedDataKb: z.number().int(),
  totalDataKb: z.number().int(),
  usedSms: z.number().int(),
  totalSms: z.number().int(),
  activationTime: instant.nullable(),
  serviceExpiry: instant.nullable(),
  cardSn: z.string().nullable(),
  updatedAt: instant.nullable(),
  terminalId: z.number().int(),
});
export type SimCardInfo = z.infer<typeof SimCardInfo>;

export const SimCardAlarm = z.object({
  iccid: z.string(),
  /** Empty when the card is fine. */
  kinds: z.array(z.enum(SIM_ALARM_KINDS)),
  remainingDataKb: z.number().int(),
  /** Whole days until the service expires; null without an expiry, negative once past it. */
  daysLeft: z.number().int().nullable(),
});
export type SimCardAlarm = z.infer<typeof SimCardAlarm>;

export const PayProviderInfo = z.object({
  provider: z.enum(PAY_PROVIDERS),
  clientTypes: z.array(z.enum(CLIENT_TYPES)),
});
export type PayProviderInfo = z.infer<typeof PayProviderInfo>;

/** What the app needs to hand the payment to the provider. */
export const PaymentHandoff = z.discriminatedUnion('kind', [
  /** Nothing to pay (a free trial): the order is paid already. */
  z.object({ kind: z.literal('none') }),
  /** Open this address: WeChat Pay H5 `h5_url`, Alipay wap/page pay, the development checkout. */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** Show this as a QR code to scan with the phone: WeChat Pay Native `code_url`. */
  z.object({ kind: z.literal('qr'), codeUrl: z.string() }),
  /** WeChat Pay JSAPI: the arguments of WeixinJSBridge `getBrandWCPayRequest`. */
  z.object({
    kind: z.literal('jsapi'),
    params: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    }),
  }),
  /** A native shell's SDK call: WeChat's app parameters or Alipay's order string. */
  z.object({ kind: z.literal('app'), params: z.record(z.string(), z.string()) }),
]);
export type PaymentHandoff = z.infer<typeof PaymentHandoff>;

export const RefundRequestView = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  requestFee: fen,
  refundReason: z.string(),
  contactName: z.string(),
  contactTel: z.string(),
  allowCall: z.boolean(),
  state: z.enum(REFUND_STATES),
  /** What was refunded once approved; null before. */
  refundFee: fen.nullable(),
  /** The operator's reason when rejected. */
  rejectReason: z.string().nullable(),
  createTime: instant,
  decideTime: instant.nullable(),
});
export type RefundRequestView = z.infer<typeof RefundRequestView>;

/** §3 Order with what its pages show. */
export const Order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** §4: -1 cancelled, 0 unpaid, 1 paid, 2 partially refunded, 3 fully refunded. */
  status: z.number().int(),
  terminalId: z.number().int(),
  terminalName: z.string(),
  terminalNo: z.string(),
  iccid: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  provider: z.enum(PAY_PROVIDERS),
  count: z.number().int(),
  amountFen: fen,
  refundedFen: fen,
  createTime: instant,
  payTime: instant.nullable(),
  /** When an unpaid order closes (or closed). */
  closeTime: instant.nullable(),
  /** The latest refund request, if any. */
  refund: RefundRequestView.nullable(),
  /** Whether the caller bought it: only the buyer may ask for a refund (the owner only reads). */
  isBuyer: z.boolean(),
});
export type Order = z.infer<typeof Order>;

export const OrderPage = z.object({ list: z.array(Order), count: z.number().int() });
export type OrderPage = z.infer<typeof OrderPage>;

export const CreatedOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  amountFen: fen,
  status: z.number().int(),
  payment: PaymentHandoff,
});
export type CreatedOrder = z.infer<typeof CreatedOrder>;
