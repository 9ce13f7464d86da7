/**
 * The rules of what an operator sells (issue 17): product kinds, order statuses (§4), payment
 * providers and client types (§9), SIM states (§4) and money in integer fen.
 */

/**
 * What a product is. `data` and `sms` top up a SIM card (`/service-package/simcard`), `tel` adds
 * alarm phone-call minutes (`/service-package/tel`), `service` is a value-added service listed by
 * its path (`/service-package/{path}`), `vip` an activation or renewal plan (`/terminal-vip/list/type`).
 */
export const PRODUCT_KINDS = ['data', 'sms', 'tel', 'service', 'vip'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** What paying for a product does to the device or its SIM card. */
export const PRODUCT_EFFECTS = ['servicePeriod', 'simData', 'simSms', 'callMinutes'] as const;
export type ProductEffect = (typeof PRODUCT_EFFECTS)[number];

/** The value-added paths of `/service-package/{path}` the server knows. */
export const SERVICE_PATHS = ['renewal', 'record', 'history'] as const;
export type ServicePath = (typeof SERVICE_PATHS)[number];

/** The plan types of `/terminal-vip/list/type`: first activation (with the trial) or renewal. */
export const VIP_PLAN_TYPES = ['activation', 'renewal'] as const;
export type VipPlanType = (typeof VIP_PLAN_TYPES)[number];

/** §4 order status. */
export const OrderStatus = {
  CANCELLED: -1,
  UNPAID: 0,
  PAID: 1,
  PARTIALLY_REFUNDED: 2,
  REFUNDED: 3,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** §9 payment modes, plus the development provider of demo mode (refused in production). */
export const PAY_PROVIDERS = ['wechat', 'alipay', 'development'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

/**
 * Where the app pays: `h5` a mobile browser, `jsapi` inside WeChat, `native` a desktop browser
 * (a QR code), `app` a native shell.
 */
export const CLIENT_TYPES = ['h5', 'jsapi', 'native', 'app'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** §4 SIM/package statuses. */
export const SIM_STATES = ['canActivate', 'activated', 'deactivated', 'expired'] as const;
export type SimState = (typeof SIM_STATES)[number];

/** What a SIM card's alarm warns of. */
export const SIM_ALARM_KINDS = [
  'lowData',
  'dataExhausted',
  'expiringSoon',
  'expired',
  'deactivated',
] as const;
export type SimAlarmKind = (typeof SIM_ALARM_KINDS)[number];

/** A refund request's life: the operator approves (then the provider refunds) or rejects it. */
export const REFUND_STATES = ['pending', 'refunding', 'refunded', 'rejected', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Unpaid orders close after this long (and are closed at the provider). */
export const ORDER_PAY_WINDOW_MS = 30 * 60_000;
/** A SIM card warns when less than this share of its data is left… */
export const SIM_LOW_DATA_RATIO = 0.1;
/** …or when its service ends within this many days. */
export const SIM_EXPIRY_WARNING_DAYS = 15;

/** `1234` fen → `"12.34"`; always two decimals, no currency sign. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `"12.3"` → 1230; null unless the text is an amount of at most two decimals (§5). */
export function parseYuanToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
