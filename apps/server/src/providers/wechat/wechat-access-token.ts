import { systemClock, type Clock } from '../../clock.js';
import { CachedToken } from '../cached-token.js';
import { callWechatApi, wechatRefusal, type WechatApiOptions } from './wechat-api.js';

export interface WechatAccessTokenOptions extends WechatApiOptions {
  appId: string;
  appSecret: string;
  clock?: Clock;
}

/** A token is used until 5 minutes before it expires. */
const MARGIN_MS = 5 * 60_000;

/**
 * The official account's access token (`/cgi-bin/stable_token`: unlike `/cgi-bin/token`, asking
 * for one does not invalidate the token other processes hold); throws WechatApiError (or the
 * fetch error) when WeChat gives none.
 */
export function wechatAccessToken(options: WechatAccessTokenOptions): CachedToken {
  return new CachedToken(
    async () => {
      const answer = await callWechatApi(
        options,
        'cgi-bin/stable_token',
        {},
        {
          grant_type: 'client_credential',
          appid: options.appId,
          secret: options.appSecret,
          force_refresh: false,
        },
      );
      const { access_token: token, expires_in: expiresIn } = answer;
      if (typeof token !== 'string' || typeof expiresIn !== 'number')
        throw wechatRefusal(answer, 'access token');
      return { token, lifetimeMs: expiresIn * 1000 };
    },
    MARGIN_MS,
    options.clock ?? systemClock,
  );
}
