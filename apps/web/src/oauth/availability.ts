import type { AppConfig, WechatCodeType } from '@xunji/shared';

/** WeChat's built-in browser names itself in its user agent. */
export const isInWechat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

const isMobileDevice = (userAgent: string): boolean =>
  /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(userAgent);

/**
 * Which WeChat sign-in this browser can use: the official account's OAuth inside WeChat, the
 * open platform's QR login on a desktop; null when the one it needs is not configured (a phone's
 * own browser has neither). Kept apart and small: the login page imports it.
 */
export function wechatCodeType(
  config: AppConfig | null,
  userAgent: string = navigator.userAgent,
): WechatCodeType | null {
  if (isInWechat(userAgent)) return config?.oauth.wechatMpAppId ? 'mp' : null;
  if (isMobileDevice(userAgent)) return null;
  return config?.oauth.wechatOpenAppId ? 'open' : null;
}

/** Sign in with Apple needs its client id and the server's form_post return address. */
export const appleAvailable = (config: AppConfig | null): boolean =>
  Boolean(config?.oauth.appleClientId && config.oauth.appleRedirectUri);
