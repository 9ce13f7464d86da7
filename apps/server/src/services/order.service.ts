import {
  ORDER_PAY_WINDOW_MS,
  OrderStatus,
  type api,
  type CallParsed,
  type CreatedOrder,
  type Language,
  type Order,
  type OrderPage,
  type PayProviderInfo,
  type RefundRequestView,
} from '@xunji/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { merchantNumber } from '../commerce/order-no.js';
import { orderedProduct } from '../commerce/ordered-product.js';
import type { OrderPayments } from '../commerce/order-payments.js';
import type { OrderRow, ProductRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.js';
import type { OrderListRow, OrderRepository } from '../repositories/order.repository.js';
import type { RefundRepository } from '../repositories/refund.repository.js';
import type { TerminalRow } from '../repositories/terminal.repository.js';
import type { CatalogueService } from './catalogue.service.js';
import type { DeviceAccess } from './device-access.service.js';
import { toOrder, toRefundView } from './order-view.js';

type CreateBody = CallParsed<typeof api.createOrder>['body'];
type RefundBody = CallParsed<typeof api.refundOrder>['body'];
type PageQuery = CallParsed<typeof api.topupOrderPage>['query'];

const SIM_TOPUP_KINDS = new Set(['data', 'sms']);
/** WeChat Pay's `description` holds 127 bytes. */
const DESCRIPTION_BYTES = 127;

export interface OrderUrls {
  /** Public base URL of this server (PAY_NOTIFY_BASE_URL or PUBLIC_URL); '' for relative. */
  baseUrl: string;
  apiRoot: string;
  orderNoPrefix: string;
}

/** The longest start of `text` within `bytes` bytes of UTF-8, never cutting a character. */
function utf8Prefix(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

/**
 * §7 "Orders": an order priced by the catalogue (never by the client), its hand-off to the
 * provider, the order lists (tenure: a next owner never sees an earlier owner's orders) and the
 * buyer's refund request.
 */
export class OrderService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly catalogue: Pick<CatalogueService, 'productFor'>,
    private readonly orders: OrderRepository,
    private readonly refunds: RefundRepository,
    private readonly providers: PaymentProviders,
    private readonly payments: OrderPayments,
    private readonly urls: OrderUrls,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  payProviders(): PayProviderInfo[] {
    return this.providers.all.map((p) => ({ provider: p.id, clientTypes: [...p.clientTypes] }));
  }

  /** Where a provider sends its notifications (the vendor route of routes/payment-callback.routes.ts). */
  notifyUrl(provider: string): string {
    return `${this.urls.baseUrl}${this.urls.apiRoot}/pay/notify/${provider}`;
  }

  async create(
    userId: number,
    body: CreateBody,
    clientIp: string,
    language: Language,
  ): Promise<CreatedOrder> {
    const deviceId = body.terminalId ?? body.deviceId ?? 0;
    const device = await this.access.require(userId, deviceId);
    const product = await this.catalogue.productFor(device, body.productId);
    const iccid = this.iccidFor(product, body.iccid, device);
    const provider = this.providers.serving(body.provider, body.clientType);
    if (!provider)
      throw new AppError('PAY_PROVIDER_UNAVAILABLE', {
        provider: body.provider,
        clientType: body.clientType,
      });
    const now = this.clock.now();
    const order = await this.orders.create(
      {
        userId,
        deviceId,
        iccid,
        ...orderedProduct(product),
        provider: provider.id,
        merchantId: provider.merchantId,
        clientType: body.clientType,
        providerTradeNo: null,
        createdAt: now,
        payTime: null,
        closeAt: now + ORDER_PAY_WINDOW_MS,
        closedAt: null,
      },
      () => merchantNumber(this.urls.orderNoPrefix, now),
    );
    const created = { id: order.id, orderNo: order.orderNo, amountFen: order.amountFen };
    if (order.amountFen === 0) {
      if ((await this.payments.paid(order, null, now, 'free')) === 'trialUsed')
        throw new AppError('TRIAL_USED', { productId: product.id, terminalId: deviceId });
      return { ...created, status: OrderStatus.PAID, payment: { kind: 'none' } };
    }
    try {
      const payment = await provider.prepare({
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        description: utf8Prefix(
          language === 'en' ? product.nameEn : product.nameZh,
          DESCRIPTION_BYTES,
        ),
        clientType: body.clientType,
        openid: body.openid,
        clientIp,
        expiresAt: order.closeAt,
        notifyUrl: this.notifyUrl(provider.id),
        returnUrl: `${this.urls.baseUrl}/pagesBuy/paySuccess/index?orderId=${order.id}`,
      });
      return { ...created, status: OrderStatus.UNPAID, payment };
    } catch (error) {
      // The order stays unpaid and closes with its window.
      this.logger.error(
        { err: error, orderNo: order.orderNo },
        'payment provider refused to prepare',
      );
      throw new AppError('PAYMENT_SERVICE_ERROR', { provider: provider.id });
    }
  }

  /** A SIM top-up is for the device's own card: the one named, or the device's when none is. */
  private iccidFor(product: ProductRow, given: string | undefined, device: TerminalRow) {
    if (!SIM_TOPUP_KINDS.has(product.kind)) return null;
    const own = device.iccid?.toUpperCase();
    const iccid = given ?? own;
    if (!iccid || iccid !== own)
      throw new AppError('PRODUCT_NOT_FOR_DEVICE', {
        productId: product.id,
        terminalId: device.id,
      });
    return iccid;
  }

  /** The caller's orders for the device, and, for its owner, everyone's within the tenure. */
  async devicePage(
    userId: number,
    query: PageQuery & { terminalId: number },
    language: Language,
  ): Promise<OrderPage> {
    const device = await this.access.require(userId, query.terminalId);
    const ownerFrom = device.isOwner === 1 ? Number(device.visibleFrom) : null;
    const { rows, count } = await this.orders.pageOfDevice(
      device.id,
      userId,
      ownerFrom,
      query.page,
      query.limit,
    );
    return { list: await this.views(rows, userId, language), count };
  }

  async topupPage(userId: number, query: PageQuery, language: Language): Promise<OrderPage> {
    const { rows, count } = await this.orders.topupPage(userId, query.page, query.limit);
    return { list: await this.views(rows, userId, language), count };
  }

  async one(userId: number, id: number, language: Language): Promise<Order> {
    const row = await this.orders.withDevice(id);
    if (!row || !(await this.mayRead(userId, row))) throw new AppError('ORDER_NOT_FOUND', { id });
    const [view] = await this.views([row], userId, language);
    return view!;
  }

  /** Its buyer, or the device's current owner for an order of their tenure. */
  private async mayRead(userId: number, order: OrderRow): Promise<boolean> {
    if (order.userId === userId) return true;
    let device: TerminalRow;
    try {
      device = await this.access.require(userId, order.deviceId);
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
    return device.isOwner === 1 && Number(order.createdAt) >= Number(device.visibleFrom);
  }

  private async views(rows: OrderListRow[], userId: number, language: Language) {
    const refunds = await this.refunds.latestOf(rows.map((row) => row.id));
    return rows.map((row) => toOrder(row, refunds.get(row.id), userId, language));
  }

  /** Only the buyer asks, for a paid order, at most what is left, one request at a time. */
  async requestRefund(userId: number, body: RefundBody): Promise<RefundRequestView> {
    const order = await this.orders.byId(body.orderId);
    if (!order || order.userId !== userId)
      throw new AppError('ORDER_NOT_FOUND', { id: body.orderId });
    if (order.status !== OrderStatus.PAID && order.status !== OrderStatus.PARTIALLY_REFUNDED)
      throw new AppError('ORDER_NOT_REFUNDABLE', { id: order.id });
    if (body.requestFee > order.amountFen - order.refundedFen)
      throw new AppError('REFUND_TOO_MUCH', { id: order.id });
    const now = this.clock.now();
    const request = await this.refunds.request({
      orderId: order.id,
      userId,
      refundNo: merchantNumber(`${this.urls.orderNoPrefix}R`, now),
      requestFee: body.requestFee,
      refundReason: body.refundReason,
      contactName: body.contactName,
      contactTel: body.contactTel,
      allowCall: body.allowCall ? 1 : 0,
      refundFee: null,
      rejectReason: null,
      providerRefundId: null,
      createdAt: now,
      decidedAt: null,
      completedAt: null,
    });
    if (!request) throw new AppError('REFUND_PENDING', { id: order.id });
    return toRefundView(request);
  }
}
