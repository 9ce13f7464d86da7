import { codeMessage, formatFen, REFUND_STATES, type RefundState } from '@xunji/shared';
import type { OrderRow, RefundRequestRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';

const DEFAULT_LIMIT = 50;
const time = (ms: number | null) => (ms === null ? '-' : new Date(Number(ms)).toISOString());

const orderLine = (o: OrderRow) =>
  [
    o.id,
    o.orderNo,
    `status ${o.status}`,
    `¥${formatFen(o.amountFen)}`,
    `refunded ¥${formatFen(o.refundedFen)}`,
    o.provider,
    `device ${o.deviceId}`,
    `user ${o.userId}`,
    o.productNameEn,
    time(o.createdAt),
  ].join('  ');

const refundLine = (r: RefundRequestRow) =>
  [
    r.id,
    r.refundNo,
    r.state,
    `order ${r.orderId}`,
    `asks ¥${formatFen(r.requestFee)}`,
    r.refundFee === null ? '' : `refund ¥${formatFen(r.refundFee)}`,
    `${r.contactName} ${r.contactTel}${r.allowCall ? ' (may call)' : ''}`,
    JSON.stringify(r.refundReason),
    r.rejectReason ? `rejected: ${JSON.stringify(r.rejectReason)}` : '',
    time(r.createdAt),
  ]
    .filter((cell) => cell !== '')
    .join('  ');

function refundId(positionals: string[]): number {
  const id = Number(positionals[0]);
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('give the refund request id');
  return id;
}

/** The refund services' answers for an operator: the code's English message, exit code 2. */
async function decided(context: AdminContext, decide: () => Promise<RefundRequestRow>) {
  try {
    context.print(refundLine(await decide()));
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(codeMessage(error.codeName, 'en'));
    throw error;
  }
}

/** Orders and the operator's refund decisions (docs/commerce.md, "Refunds"). */
export const orderCommands = [
  defineCommand({
    name: 'order:list',
    usage: 'order:list [--status -1|0|1|2|3] [--limit N]',
    description: 'Lists the newest orders (status: -1 cancelled, 0 unpaid, 1 paid, 2/3 refunded)',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run(values, _positionals, context) {
      const status = optionalInt(values, 'status');
      const limit = optionalInt(values, 'limit') ?? DEFAULT_LIMIT;
      for (const order of await context.repositories.orders.list(status, limit))
        context.print(orderLine(order));
    },
  }),
  defineCommand({
    name: 'order:show',
    usage: 'order:show <orderNo>',
    description: 'Shows one order, its event log and its refund requests',
    options: {},
    positionals: 1,
    async run(_values, positionals, context) {
      const { orders, refunds } = context.repositories;
      const order = await orders.byOrderNo(positionals[0] ?? '');
      if (!order) throw new UsageError(`no order ${positionals[0] ?? ''}`);
      context.print(orderLine(order));
      context.print(
        `  trade ${order.providerTradeNo ?? '-'}  paid ${time(order.payTime)}  closes ${time(order.closeAt)}`,
      );
      for (const event of await orders.events(order.id))
        context.print(
          `  ${time(event.createdAt)}  ${event.kind}  ${event.statusFrom ?? ''}→${event.statusTo ?? ''}  ${event.detail}`,
        );
      for (const request of await refunds.ofOrder(order.id))
        context.print(`  refund ${refundLine(request)}`);
    },
  }),
  defineCommand({
    name: 'refund:list',
    usage: `refund:list [--state ${REFUND_STATES.join('|')}] [--limit N]`,
    description: 'Lists refund requests, newest first',
    options: { state: { type: 'string' }, limit: { type: 'string' } },
    async run(values, _positionals, context) {
      const state = values.state as string | undefined;
      if (state !== undefined && !(REFUND_STATES as readonly string[]).includes(state))
        throw new UsageError(`--state must be one of ${REFUND_STATES.join(', ')}`);
      const limit = optionalInt(values, 'limit') ?? DEFAULT_LIMIT;
      for (const request of await context.repositories.refunds.list(state as RefundState, limit))
        context.print(refundLine(request));
    },
  }),
  defineCommand({
    name: 'refund:approve',
    usage: 'refund:approve <id> [--fee-fen N]',
    description: 'Approves a refund request (all it asks, or N fen); the provider refunds it',
    options: { 'fee-fen': { type: 'string' } },
    positionals: 1,
    async run(values, positionals, context) {
      const fee = optionalInt(values, 'fee-fen');
      await decided(context, () => context.services.refunds.approve(refundId(positionals), fee));
    },
  }),
  defineCommand({
    name: 'refund:reject',
    usage: 'refund:reject <id> --reason TEXT',
    description: 'Rejects a refund request; the buyer sees the reason',
    options: { reason: { type: 'string' } },
    positionals: 1,
    async run(values, positionals, context) {
      const reason = required(values, 'reason');
      await decided(context, () => context.services.refunds.reject(refundId(positionals), reason));
    },
  }),
];
