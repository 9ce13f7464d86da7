import { PATHS } from '../router/paths';

/** The public page of a share: what the owner sends. */
export const shareLink = (code: string, origin: string): string =>
  `${origin}${PATHS.distributeLocation}?code=${encodeURIComponent(code)}`;

/** WeChat's built-in browser, where sending goes through the JS-SDK (the "…" menu). */
export const insideWechat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);
