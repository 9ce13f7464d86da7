import type { KeyObject } from 'node:crypto';
import { signLines } from './wechat-pay-signer.js';

/** The arguments of `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` inside WeChat. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** paySign: the merchant key's signature over appId, timeStamp, nonceStr and package. */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  timestamp: number,
  nonce: string,
): JsapiPayParams {
  const timeStamp = String(timestamp);
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: signLines(privateKey, [appId, timeStamp, nonce, pkg]),
  };
}

/** The WeChat open SDK's `PayReq` of a native app: sign over appid, timestamp, noncestr, prepayid. */
export function appPayParams(
  appId: string,
  mchid: string,
  prepayId: string,
  privateKey: KeyObject,
  timestamp: number,
  nonce: string,
): Record<string, string> {
  const stamp = String(timestamp);
  return {
    appid: appId,
    partnerid: mchid,
    prepayid: prepayId,
    package: 'Sign=WXPay',
    noncestr: nonce,
    timestamp: stamp,
    sign: signLines(privateKey, [appId, stamp, nonce, prepayId]),
  };
}
