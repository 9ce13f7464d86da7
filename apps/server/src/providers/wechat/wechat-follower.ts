import type { CachedToken } from '../cached-token.js';
import { callWithAccessToken, wechatRefusal, type WechatApiOptions } from './wechat-api.js';

/** Whether `openId` (under the official account) follows it (`cgi-bin/user/info`, subscribe 1). */
export async function isWechatFollower(
  api: WechatApiOptions,
  tokens: CachedToken,
  openId: string,
): Promise<boolean> {
  const answer = await callWithAccessToken(api, tokens, 'cgi-bin/user/info', {
    openid: openId,
    lang: 'zh_CN',
  });
  // 40003: an openid this account does not know, i.e. not a follower
  if (answer.errcode === 40003) return false;
  if (typeof answer.subscribe !== 'number') throw wechatRefusal(answer, 'follower state');
  return answer.subscribe === 1;
}
