import type { NavigateFunction } from 'react-router';
import { PATHS, tabOf } from './paths';

/**
 * The navigation calls of spec §2, used by every page instead of raw `useNavigate`.
 * The router hands its navigate function over once it is mounted (see NavigationBinder).
 */
let navigate: NavigateFunction | undefined;

export function bindNavigate(fn: NavigateFunction): void {
  navigate = fn;
}

function go(to: string, replace: boolean): void {
  if (!navigate) throw new Error('navigation used before the router mounted');
  void navigate(to, { replace });
}

/** Position of the current entry in this tab's history, as react-router records it. */
const historyIndex = (): number => (window.history.state as { idx?: number } | null)?.idx ?? 0;

export function navigateTo(path: string): void {
  go(path, false);
}

export function redirectTo(path: string): void {
  go(path, true);
}

/** Clears the app's history stack (back to its first entry), then replaces it with `path`. */
export function reLaunch(path: string): void {
  const depth = historyIndex();
  if (depth === 0) {
    redirectTo(path);
    return;
  }
  window.addEventListener('popstate', () => redirectTo(path), { once: true });
  window.history.go(-depth);
}

/** Between tabs the entry is replaced; from any other page the stack is cleared first. */
export function switchTab(tabPath: string): void {
  if (tabOf(window.location.pathname)) redirectTo(tabPath);
  else reLaunch(tabPath);
}

export function navigateBack(): void {
  navigateBackOr(PATHS.home);
}

/** Back; a page opened directly (nothing to go back to) is replaced with `path`. */
export function navigateBackOr(path: string): void {
  if (historyIndex() > 0) window.history.back();
  else redirectTo(path);
}
