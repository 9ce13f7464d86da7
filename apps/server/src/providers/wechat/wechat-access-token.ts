import { systemClock, type Clock } from '../../clock.js';
import { CachedToken } from '../cached-token.js';
import {
  callWechatApi,
  isRetryableErrcode,
  WechatApiError,
  type WechatApiOptions,
} from './wechat-api.js';

export interface WechatAccessTokenOptions extends WechatApiOptions {
  appId: string;
  appSecret: string;
  clock?: Clock;
}

/** A token is used until 5 minutes before it expires. */
const MARGIN_MS = 5 * 60_000;

/**
 * The official account's access token (`/cgi-bin/token`); throws WechatApiError (or the fetch
 * error) when WeChat gives none.
 */
export function wechatAccessToken(options: WechatAccessTokenOptions): CachedToken {
  return new CachedToken(
    async () => {
      const answer = await callWechatApi(options, 'cgi-bin/token', {
        grant_type: 'client_credential',
        appid: options.appId,
        secret: options.appSecret,
      });
      const { access_token: token, expires_in: expiresIn } = answer;
      if (typeof token !== 'string' || typeof expiresIn !== 'number') {
        const errcode = answer.errcode ?? 0;
        throw new WechatApiError(
          `WeChat gave no access token: ${errcode} ${answer.errmsg ?? ''}`.trim(),
          isRetryableErrcode(errcode),
          errcode,
        );
      }
      return { token, lifetimeMs: expiresIn * 1000 };
    },
    MARGIN_MS,
    options.clock ?? systemClock,
  );
}
