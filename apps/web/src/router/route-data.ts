import { prefetchTrack } from '../history/track-request';
import { useAccountStore } from '../stores/account';
import { normalizePath, PATHS } from './paths';

/** Pages whose main data can be asked for from their URL alone, before their code has loaded. */
const PREFETCHES: Partial<Record<string, (params: URLSearchParams) => void>> = {
  [PATHS.track]: prefetchTrack,
};

/** At launch: sends the first page's main data at once (these pages are all for signed-in users). */
export function prefetchRouteData(pathname: string, search: string): void {
  if (!useAccountStore.getState().isAuthenticated) return;
  PREFETCHES[normalizePath(pathname)]?.(new URLSearchParams(search));
}
