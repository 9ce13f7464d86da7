import { z } from 'zod';
import { LoginResult } from './entities.js';

/** The sign-in services besides the account's own password: WeChat and Sign in with Apple. */
export const OAUTH_PROVIDERS = ['wechat', 'apple'] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * Where a WeChat code comes from: `mp`, the official account's web OAuth inside WeChat; `open`,
 * the open platform's QR login on a desktop.
 */
export const WECHAT_CODE_TYPES = ['mp', 'open'] as const;
export type WechatCodeType = (typeof WECHAT_CODE_TYPES)[number];

/**
 * A third-party sign-in: signed in when the identity is bound to an account, else a one-time
 * ticket (10 minutes) to bind it by phone number and SMS code.
 */
export const OauthLoginAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), login: LoginResult }),
  z.object({
    status: z.literal('bindRequired'),
    ticket: z.string(),
    nickname: z.string().nullable(),
    headImgUrl: z.string().nullable(),
  }),
]);
export type OauthLoginAnswer = z.infer<typeof OauthLoginAnswer>;

/** One identity bound to the signed-in account (`GET /account/user/oauth`). */
export const OauthBinding = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  nickname: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  boundAt: z.number().int(),
});
export type OauthBinding = z.infer<typeof OauthBinding>;

/** §3 WeChat user info, from a code (`GET /wx/get-wx-user-info`). */
export const WechatUserInfo = z.object({
  openId: z.string(),
  unionId: z.string().nullable(),
  nickname: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  /** Whether this user follows the official account (alarm messages need it). */
  subscribed: z.boolean(),
});
export type WechatUserInfo = z.infer<typeof WechatUserInfo>;

/** The arguments of the JS-SDK's `wx.config` for one page URL. */
export const WechatJsSignature = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type WechatJsSignature = z.infer<typeof WechatJsSignature>;
