import { formatFen, type Language } from '@xunji/shared';
import type { CheckoutTicket } from './development-payment-provider.js';

/** The development checkout's words; the page speaks the browser's language (Accept-Language). */
const TEXTS = {
  'zh-CN': {
    title: '开发环境收银台',
    notice: '这是演示模式的模拟支付，不会扣除任何真实费用。',
    product: '商品',
    amount: '金额',
    orderNo: '订单号',
    pay: '确认支付',
    cancel: '取消支付',
    closed: '该订单已关闭或已超过支付时限，无法支付。',
    paid: '该订单已支付。',
    back: '返回',
    invalid: '支付链接无效。',
  },
  en: {
    title: 'Development checkout',
    notice: 'A simulated payment of demo mode: no real money is charged.',
    product: 'Product',
    amount: 'Amount',
    orderNo: 'Order number',
    pay: 'Pay',
    cancel: 'Cancel',
    closed: 'This order is closed or its time to pay has passed; it cannot be paid.',
    paid: 'This order is paid.',
    back: 'Back',
    invalid: 'This payment link is not valid.',
  },
} satisfies Record<Language, Record<string, string>>;

/** Served beside the page: the CSP (http/security-headers.ts) allows no inline style. */
export const CHECKOUT_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 8px}
.notice{color:#8a5a00;background:#fff7e6;border-radius:8px;padding:8px 12px;font-size:14px}
dl{background:#fff;border-radius:8px;padding:12px 16px;margin:16px 0}
dt{color:#888;font-size:13px}dd{margin:0 0 8px;word-break:break-all}
.amount{font-size:28px;font-weight:600;color:#e4393c}
button,a.button{display:block;width:100%;box-sizing:border-box;padding:12px;margin:8px 0;border:0;border-radius:8px;font-size:16px;text-align:center;text-decoration:none}
.pay{background:#1677ff;color:#fff}.cancel{background:#e9ebef;color:#333}`;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(language: Language, body: string): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(t.title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="checkout.css"></head>
<body><main><h1>${escape(t.title)}</h1><p class="notice">${escape(t.notice)}</p>${body}</main></body></html>`;
}

/** The order and two buttons, posting back to the same address with the signed ticket. */
export function checkoutPage(language: Language, ticket: CheckoutTicket, token: string): string {
  const t = TEXTS[language];
  return page(
    language,
    `<dl><dt>${escape(t.product)}</dt><dd>${escape(ticket.description)}</dd>
<dt>${escape(t.amount)}</dt><dd class="amount">¥${formatFen(ticket.amountFen)}</dd>
<dt>${escape(t.orderNo)}</dt><dd>${escape(ticket.orderNo)}</dd></dl>
<form method="post" action="checkout"><input type="hidden" name="t" value="${escape(token)}">
<button class="pay" name="action" value="confirm">${escape(t.pay)} ¥${formatFen(ticket.amountFen)}</button>
<button class="cancel" name="action" value="cancel">${escape(t.cancel)}</button></form>`,
  );
}

/** An order that can no longer be paid here: paid already, or closed. */
export function settledPage(
  language: Language,
  state: 'paid' | 'closed',
  returnUrl: string,
): string {
  const t = TEXTS[language];
  return page(
    language,
    `<p>${escape(t[state])}</p><a class="button cancel" href="${escape(returnUrl)}">${escape(t.back)}</a>`,
  );
}

export function invalidPage(language: Language): string {
  return page(language, `<p>${escape(TEXTS[language].invalid)}</p>`);
}
