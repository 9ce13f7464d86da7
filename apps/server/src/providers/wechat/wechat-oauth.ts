import { callWechatApi, wechatRefusal, type WechatApiOptions } from './wechat-api.js';

/** An app that signs WeChat users in: the official account (mp) or the open platform's website app. */
export interface WechatOauthApp {
  appId: string;
  appSecret: string;
}

/** A WeChat user as the app of the code sees them. */
export interface WechatOauthUser {
  openId: string;
  unionId: string | null;
  nickname: string | null;
  headImgUrl: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * Exchanges a web OAuth code (`sns/oauth2/access_token`) and reads the user's profile
 * (`sns/userinfo`); throws WechatApiError when WeChat refuses either (a used or foreign code).
 */
export async function wechatOauthUser(
  api: WechatApiOptions,
  app: WechatOauthApp,
  code: string,
): Promise<WechatOauthUser> {
  const grant = await callWechatApi(api, 'sns/oauth2/access_token', {
    appid: app.appId,
    secret: app.appSecret,
    code,
    grant_type: 'authorization_code',
  });
  const { access_token: accessToken, openid: openId } = grant;
  if (typeof accessToken !== 'string' || typeof openId !== 'string')
    throw wechatRefusal(grant, 'OAuth grant');
  const identity = { openId, unionId: text(grant.unionid) };
  // snsapi_base (a silent authorisation inside WeChat) grants the openid only: no profile to read
  if (typeof grant.scope === 'string' && !/snsapi_(userinfo|login)/.test(grant.scope))
    return { ...identity, nickname: null, headImgUrl: null };
  const profile = await callWechatApi(api, 'sns/userinfo', {
    access_token: accessToken,
    openid: openId,
    lang: 'zh_CN',
  });
  if (profile.openid !== openId) throw wechatRefusal(profile, 'user info');
  return {
    ...identity,
    unionId: text(profile.unionid) ?? identity.unionId,
    nickname: text(profile.nickname),
    headImgUrl: text(profile.headimgurl),
  };
}
