import { createHash, randomBytes } from 'node:crypto';
import type { WechatJsSignature } from '@xunji/shared';
import type { Clock } from '../../clock.js';
import { CachedToken } from '../cached-token.js';
import { callWithAccessToken, wechatRefusal, type WechatApiOptions } from './wechat-api.js';

/** A ticket is used until 5 minutes before it expires. */
const MARGIN_MS = 5 * 60_000;

/** The JS-SDK signature: SHA-1 of the four fields in this order, the URL without its fragment. */
export function jsSdkSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = input.url.split('#')[0];
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}

/** Signs `wx.config` for the official account; one jsapi_ticket per process, shared while valid. */
export class WechatJsSdk {
  private readonly tickets: CachedToken;

  constructor(
    private readonly appId: string,
    api: WechatApiOptions,
    accessTokens: CachedToken,
    private readonly clock: Clock,
  ) {
    this.tickets = new CachedToken(
      async () => {
        const answer = await callWithAccessToken(api, accessTokens, 'cgi-bin/ticket/getticket', {
          type: 'jsapi',
        });
        const { ticket, expires_in: expiresIn } = answer;
        if (typeof ticket !== 'string' || typeof expiresIn !== 'number')
          throw wechatRefusal(answer, 'jsapi_ticket');
        return { token: ticket, lifetimeMs: expiresIn * 1000 };
      },
      MARGIN_MS,
      clock,
    );
  }

  async sign(url: string): Promise<WechatJsSignature> {
    const ticket = await this.tickets.get();
    const nonceStr = randomBytes(12).toString('base64url');
    const timestamp = Math.floor(this.clock.now() / 1000);
    return {
      appId: this.appId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
    };
  }
}
