/** Spec §7 WeChat and Apple calls under "Session and account" (issue 18). */
import { z } from 'zod';
import { defineCall } from './define.js';
import { id, mobile, pushClientId, smsCode, systemInfo } from './fields.js';
import { routes } from './routes.js';
import {
  OauthBinding,
  OauthLoginAnswer,
  WECHAT_CODE_TYPES,
  WechatJsSignature,
  WechatUserInfo,
} from './social-entities.js';
import { LoginResult } from './entities.js';

const oauthCode = z.string({ error: 'oauthCode' }).trim().min(1, { error: 'oauthCode' }).max(512, {
  error: 'oauthCode',
});
const codeType = z.enum(WECHAT_CODE_TYPES, { error: 'oauthCodeType' });
/** An Apple identity token is a JWT; its checks are the server's. */
const identityToken = z
  .string({ error: 'identityToken' })
  .trim()
  .min(1, { error: 'identityToken' })
  .max(8192, { error: 'identityToken' });
const appleIdentity = {
  /** Apple's user id (`sub`), as the app got it; the token's own `sub` decides. */
  openId: z.string().max(256).optional(),
  authorizationCode: z.string().max(1024).optional(),
  identityToken: identityToken.optional(),
  /**
   * Instead of the token: the one-time handle of Apple's form_post on the web
   * (`/pagesFunc/authorize?provider=apple&handle=…`), or (bind-user) the login's bind ticket.
   */
  ticket: z.string().max(128).optional(),
  /** The nonce the app made (its SHA-256, hex, is what it gave Apple: the token's `nonce`). */
  nonce: z.string().max(256).optional(),
};
/** An Apple call needs the identity token or a handle standing for it. */
const hasAppleIdentity = (body: {
  identityToken?: string | undefined;
  ticket?: string | undefined;
}) => !!(body.identityToken ?? body.ticket);
const appleIdentityMissing = { error: 'identityToken', path: ['identityToken'] };
const session = { applicationId: id.optional(), pushClientId, systemInfo };
const byPhone = { username: mobile, verifyCode: smsCode };

export const loginWechat = defineCall({
  ...routes.loginWechat,
  summary:
    'Sign in with a WeChat OAuth code (mp: inside WeChat, open: QR on a desktop); an unknown identity gets a ticket to bind',
  body: z.object({ code: oauthCode, type: codeType, ...session }),
  response: OauthLoginAnswer,
});

export const bindUserWechat = defineCall({
  ...routes.bindUserWechat,
  summary:
    'Bind the WeChat identity of a login ticket to the account of a phone number (SMS code), creating it if new; signs in',
  body: z.object({ code: oauthCode, type: codeType, ...byPhone, ...session }),
  response: LoginResult,
});

export const loginApple = defineCall({
  ...routes.loginApple,
  summary:
    "Sign in with Apple's identity token (checked against Apple's keys); an unknown identity gets a ticket to bind",
  body: z.object({ ...appleIdentity, ...session }).refine(hasAppleIdentity, appleIdentityMissing),
  response: OauthLoginAnswer,
});

export const bindUserApple = defineCall({
  ...routes.bindUserApple,
  summary:
    'Bind an Apple identity to the account of a phone number (SMS code), creating it if new; signs in',
  body: z
    .object({ ...appleIdentity, ...byPhone, ...session })
    .refine(hasAppleIdentity, appleIdentityMissing),
  response: LoginResult,
});

export const bindWechat = defineCall({
  ...routes.bindWechat,
  summary: "Bind the caller's WeChat (an OAuth code) to the signed-in account",
  body: z.object({ code: oauthCode, type: codeType }),
  response: OauthBinding,
});

export const bindApple = defineCall({
  ...routes.bindApple,
  summary: "Bind the caller's Apple ID (an identity token) to the signed-in account",
  body: z.object(appleIdentity).refine(hasAppleIdentity, appleIdentityMissing),
  response: OauthBinding,
});

export const unbindWechat = defineCall({
  ...routes.unbindWechat,
  summary: 'Unbind WeChat from the account, unless it is the only way left to sign in',
  response: z.null(),
});

export const unbindApple = defineCall({
  ...routes.unbindApple,
  summary:
    'Unbind the Apple ID from the account (its authorisation revoked at Apple), unless it is the only way left to sign in',
  response: z.null(),
});

export const userOauth = defineCall({
  ...routes.userOauth,
  summary: 'The identities bound to the signed-in account',
  response: z.array(OauthBinding),
});

export const wxUserInfo = defineCall({
  ...routes.wxUserInfo,
  summary:
    "A WeChat user's open id, union id, nickname, head image and whether they follow the official account, from an OAuth code",
  query: z.object({ code: oauthCode, type: codeType.default('mp') }),
  response: WechatUserInfo,
});

export const wxJsSign = defineCall({
  ...routes.wxJsSign,
  summary:
    "The JS-SDK's wx.config signature for a page URL of this app (jsapi_ticket cached and shared)",
  body: z.object({ url: z.url({ error: 'url' }).max(2048, { error: 'url' }) }),
  response: WechatJsSignature,
});
