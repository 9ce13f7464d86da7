import { routes, type WechatJsSignature } from '@xunji/shared';
import { call } from '../api/call';
import { QUIET } from '../api/request';

/** The official JS-SDK; the server's CSP allows its origin only when WeChat is configured. */
const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

export interface ShareCard {
  title: string;
  desc: string;
  link: string;
}

/** The part of the JS-SDK this app uses. */
interface WechatSdk {
  config(options: WechatJsSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(card: ShareCard & { imgUrl: string }): void;
  updateTimelineShareData(card: Omit<ShareCard, 'desc'> & { imgUrl: string }): void;
}

declare global {
  interface Window {
    wx?: WechatSdk;
  }
}

/** The script, once: a failed load is tried again next time. */
let scriptLoaded: Promise<void> | undefined;

async function loadSdk(): Promise<WechatSdk> {
  scriptLoaded ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WECHAT_SDK_URL;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('WeChat JS-SDK did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptLoaded = undefined;
    throw error;
  });
  await scriptLoaded;
  if (!window.wx) throw new Error('WeChat JS-SDK loaded without wx');
  return window.wx;
}

/**
 * Inside WeChat: makes the "…" menu's "send to a friend" and "share to moments" send `card`.
 * False when the server has no WeChat (js-sign refused), the SDK did not load or refused the
 * signature: the page then offers copying the link instead.
 */
export async function prepareWechatShare(card: ShareCard): Promise<boolean> {
  try {
    const url = window.location.href.split('#')[0] ?? window.location.href;
    const signature = await call(routes.wxJsSign, { body: { url } }, QUIET);
    const wx = await loadSdk();
    const imgUrl = `${window.location.origin}/icons/icon-192.png`;
    return await new Promise<boolean>((resolve) => {
      wx.config({
        ...signature,
        debug: false,
        jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
      });
      wx.ready(() => {
        wx.updateAppMessageShareData({ ...card, imgUrl });
        wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl });
        resolve(true);
      });
      wx.error(() => resolve(false));
    });
  } catch {
    return false;
  }
}
