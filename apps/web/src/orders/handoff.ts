import type { PaymentHandoff } from '@xunji/shared';

type JsapiParams = Extract<PaymentHandoff, { kind: 'jsapi' }>['params'];

/** WeChat's in-app browser object (only inside WeChat). */
export interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: JsapiParams,
    callback: (result: { err_msg: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/**
 * What follows the hand-off: `result` — go and watch the order (the server alone says it is paid);
 * `qr` — show the code to scan; `left` — the page is going to the provider; `cancelled` — the user
 * closed WeChat's sheet; `unsupported` — this browser cannot pay this way.
 */
export type HandoffStep =
  | { step: 'result' }
  | { step: 'qr'; codeUrl: string }
  | { step: 'left' }
  | { step: 'cancelled' }
  | { step: 'unsupported' };

export interface HandoffEnvironment {
  assign: (url: string) => void;
  bridge: () => Promise<WeixinJSBridge | null>;
}

/** How long to wait for WeChat's bridge to announce itself on a page just opened. */
const BRIDGE_WAIT_MS = 3000;

/** WeChat's bridge, once it is there (it may come a moment after the page loads). */
function weixinBridge(): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const ready = () => {
      window.clearTimeout(timer);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = window.setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve(null);
    }, BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  });
}

const browserEnvironment: HandoffEnvironment = {
  assign: (url) => window.location.assign(url),
  bridge: weixinBridge,
};

function payInWechat(bridge: WeixinJSBridge, params: JsapiParams): Promise<HandoffStep> {
  return new Promise((resolve) =>
    bridge.invoke('getBrandWCPayRequest', params, ({ err_msg }) =>
      // A failure inside WeChat leaves the order unpaid: its result page says so.
      resolve(err_msg.endsWith(':cancel') ? { step: 'cancelled' } : { step: 'result' }),
    ),
  );
}

/** Hands a created order to its payment provider the way the server said to. */
export async function handOff(
  payment: PaymentHandoff,
  environment: HandoffEnvironment = browserEnvironment,
): Promise<HandoffStep> {
  switch (payment.kind) {
    case 'none':
      return { step: 'result' };
    case 'redirect':
      environment.assign(payment.url);
      return { step: 'left' };
    case 'qr':
      return { step: 'qr', codeUrl: payment.codeUrl };
    case 'jsapi': {
      const bridge = await environment.bridge();
      return bridge ? payInWechat(bridge, payment.params) : { step: 'unsupported' };
    }
    case 'app':
      return { step: 'unsupported' };
  }
}
