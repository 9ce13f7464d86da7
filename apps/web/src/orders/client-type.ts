import type { ClientType } from '@xunji/shared';

export interface Browser {
  userAgent: string;
  /** The primary pointer is a finger (a phone or tablet). */
  coarsePointer: boolean;
}

/**
 * Where this browser pays (issue 17): `jsapi` inside WeChat (MicroMessenger in the user agent),
 * `h5` on a phone, `native` (a QR code to scan) on a desktop. A web build has no native shell to
 * tell apart, so it never answers `app`.
 */
export function clientTypeOf({ userAgent, coarsePointer }: Browser): ClientType {
  if (/MicroMessenger/i.test(userAgent)) return 'jsapi';
  if (coarsePointer || /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent)) return 'h5';
  return 'native';
}

export const currentClientType = (): ClientType =>
  clientTypeOf({
    userAgent: navigator.userAgent,
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
  });
