import { systemClock, type Clock } from '../../clock.js';
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

/** A token is used until 5 minutes before it expires, so one sent just before is not refused. */
const MARGIN_MS = 5 * 60_000;

/**
 * The official account's access token (`/cgi-bin/token`), cached; concurrent senders share one
 * request, since each request makes WeChat issue a new token.
 */
export class WechatAccessToken {
  private cached: { token: string; usableUntil: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(private readonly options: WechatAccessTokenOptions) {}

  private get now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /** Throws WechatApiError (or the fetch error) when WeChat gives no token. */
  get(): Promise<string> {
    if (this.cached && this.now < this.cached.usableUntil)
      return Promise.resolve(this.cached.token);
    this.pending ??= this.request().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets `token` after WeChat refused it, unless a newer one replaced it already. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async request(): Promise<string> {
    const answer = await callWechatApi(this.options, 'cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.options.appId,
      secret: this.options.appSecret,
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
    this.cached = { token, usableUntil: this.now + expiresIn * 1000 - MARGIN_MS };
    return token;
  }
}
