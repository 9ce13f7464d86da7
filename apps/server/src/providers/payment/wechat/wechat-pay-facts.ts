import type { PaymentFacts, RefundFacts } from '../payment-provider.js';

/** A transaction as `/v3/pay/transactions/…` answers it and TRANSACTION.SUCCESS carries it. */
export interface WechatTransaction {
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number };
}

const TRADE_STATES: Record<string, PaymentFacts['state']> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  PAYERROR: 'closed',
  REVOKED: 'closed',
};

export function transactionFacts(transaction: WechatTransaction): PaymentFacts {
  const state = TRADE_STATES[transaction.trade_state];
  if (!state) throw new Error(`unknown trade_state ${transaction.trade_state}`);
  const paid = state === 'paid' || state === 'refunded';
  return {
    orderNo: transaction.out_trade_no,
    state,
    amountFen: paid ? (transaction.amount?.total ?? 0) : 0,
    merchantId: transaction.mchid,
    tradeNo: transaction.transaction_id ?? null,
    payTime: paid && transaction.success_time ? Date.parse(transaction.success_time) : null,
  };
}

/** A refund as `/v3/refund/domestic/refunds` answers it (`status`) or REFUND.* carries it (`refund_status`). */
export interface WechatRefund {
  mchid?: string;
  out_trade_no: string;
  out_refund_no: string;
  refund_id?: string;
  status?: string;
  refund_status?: string;
  amount: { refund: number };
}

export function refundFacts(refund: WechatRefund): RefundFacts & { orderNo: string } {
  const status = refund.status ?? refund.refund_status;
  return {
    orderNo: refund.out_trade_no,
    refundNo: refund.out_refund_no,
    state: status === 'SUCCESS' ? 'success' : status === 'PROCESSING' ? 'processing' : 'failed',
    refundFen: refund.amount.refund,
    providerRefundId: refund.refund_id ?? null,
  };
}
