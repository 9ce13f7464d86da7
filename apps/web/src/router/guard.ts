import { LOGIN_REDIRECT_MS } from '@xunji/shared';
import i18next from 'i18next';
import { toast } from '../api/feedback';
import { reLaunch, redirectTo } from './navigation';
import { normalizePath, PATHS } from './paths';

/**
 * The allow-list of spec §2: pages that open without signing in. Every other page needs a
 * session. The spec names the first three; the rest are public by nature (home, where an
 * unauthenticated launch lands; signing in and recovering an account; legal and support pages).
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([
  PATHS.distributeLocation,
  PATHS.authorize,
  PATHS.upgrade,
  PATHS.home,
  PATHS.homeAlias,
  PATHS.login,
  PATHS.register,
  PATHS.retrievePassword,
  PATHS.bindNumber,
  PATHS.privacyNotice,
  PATHS.serviceTerms,
  PATHS.about,
  PATHS.support,
  PATHS.notice,
]);

export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.has(normalizePath(pathname));

const RETURN_KEY = 'xunji.loginReturn';

/** The page (path and query) a sign-in with back=true returns to. */
const rememberReturn = (path: string) => sessionStorage.setItem(RETURN_KEY, path);

/**
 * Where the app must relaunch at start-up (spec §2), or null to stay. A guest's deep link
 * (`path` with its query) is relaunched home, and remembered: signing in with back=true opens it.
 */
export function launchRedirect(path: string, isAuthenticated: boolean): string | null {
  const pathname = new URL(path, window.location.origin).pathname;
  if (isAuthenticated || isPublicPath(pathname)) return null;
  rememberReturn(path);
  return PATHS.home;
}

/**
 * Gating (spec §2): toast "please sign in first", then after 500 ms go to the login page with
 * back=true, remembering `from` to return to. Returns a cancel for a page that goes away first.
 */
export function gateToLogin(from: string): () => void {
  toast(i18next.t('errors.signInFirst'));
  const timer = setTimeout(() => {
    rememberReturn(from);
    redirectTo(`${PATHS.login}?back=true`);
  }, LOGIN_REDIRECT_MS);
  return () => clearTimeout(timer);
}

/** After signing in: back to the page that sent the user when `back`, otherwise home. */
export function completeSignIn(back: boolean): void {
  const target = back ? sessionStorage.getItem(RETURN_KEY) : null;
  sessionStorage.removeItem(RETURN_KEY);
  if (target) redirectTo(target);
  else reLaunch(PATHS.home);
}
