import type { WechatCodeType } from '@xunji/shared';

interface WechatAuthorize {
  /** open.weixin.qq.com or a stand-in. */
  baseUrl: string;
  appId: string;
  redirectUri: string;
  state: string;
  type: WechatCodeType;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * WeChat's authorisation page: the official account's web OAuth inside WeChat (`mp`, with the
 * user's nickname and head image), the open platform's QR login on a desktop (`open`). The
 * parameters are in WeChat's documented order, which it requires; the fragment too.
 */
export function wechatAuthorizeUrl({
  baseUrl,
  appId,
  redirectUri,
  state,
  type,
}: WechatAuthorize): string {
  const [path, scope] =
    type === 'mp'
      ? ['connect/oauth2/authorize', 'snsapi_userinfo']
      : ['connect/qrconnect', 'snsapi_login'];
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code',
    `scope=${scope}`,
    `state=${encodeURIComponent(state)}`,
  ].join('&');
  return `${trimSlash(baseUrl)}/${path}?${query}#wechat_redirect`;
}

interface AppleAuthorize {
  /** appleid.apple.com or a stand-in. */
  baseUrl: string;
  clientId: string;
  /** The server's form_post callback, registered with Apple. */
  redirectUri: string;
  state: string;
  /** What the identity token will carry: the SHA-256 of the app's nonce. */
  hashedNonce: string;
}

/** Sign in with Apple on the web: the answer is posted to the server, which returns the user here. */
export function appleAuthorizeUrl({
  baseUrl,
  clientId,
  redirectUri,
  state,
  hashedNonce,
}: AppleAuthorize): string {
  const query = [
    `client_id=${encodeURIComponent(clientId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code%20id_token',
    'response_mode=form_post',
    'scope=name%20email',
    `state=${encodeURIComponent(state)}`,
    `nonce=${encodeURIComponent(hashedNonce)}`,
  ].join('&');
  return `${trimSlash(baseUrl)}/auth/authorize?${query}`;
}

/** SHA-256, hex: what Apple puts in the token for the nonce it was given. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
