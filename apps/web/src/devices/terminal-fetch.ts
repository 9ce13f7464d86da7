import { Codes, UserType, routes } from '@xunji/shared';
import { call } from '../api/call';
import { useServerReach } from '../api/connectivity';
import { ApiError } from '../api/errors';
import type { RequestOptions } from '../api/request';
import { reLaunch } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useDeviceStore } from '../stores/device';
import { signOut } from '../stores/session';
import { useUserStore } from '../stores/user';

/** §8: after a 2002 on a terminal fetch, this many following fetches are skipped. */
export const SKIPPED_AFTER_TIMEOUT = 3;

/** A terminal fetch skipped after a 2002 (§8): nothing was sent, nobody was told. */
export class TerminalFetchSkipped extends ApiError {
  constructor() {
    super(Codes.REQUEST_TIMEOUT.code, 'skipped after a request timeout');
    this.name = 'TerminalFetchSkipped';
  }
}

let skipping = 0;

/** How many terminal fetches are still to be skipped (for tests and diagnostics). */
export const skippedFetchesLeft = (): number => skipping;

export function resetTerminalFetch(): void {
  skipping = 0;
}

// The skipping spares a server that does not answer: once it answers again, ask it again (a
// retry after an outage must not be skipped three times).
useServerReach.subscribe((state, previous) => {
  if (state.reachable && !previous.reachable) resetTerminalFetch();
});

/** Code 2501 (no longer bound) or 2303 (service expired) on a terminal fetch, spec §8. */
function onDeviceGone(): void {
  useDeviceStore.setState({ listNeedsInit: true, devices: [], selectedDevice: null });
  if (useUserStore.getState().user?.userType === UserType.DEVICE) {
    signOut();
    reLaunch(PATHS.home);
  }
}

/**
 * The one place that applies the §8 rules of a terminal fetch (list, one device, several):
 * - 2002: the next three terminal fetches are skipped (they reject with TerminalFetchSkipped),
 *   unless the server is found to answer again before;
 * - 2501 or 2303: the list is marked as needing init, devices and selection are cleared, and a
 *   device account (userType 3) is signed out.
 * The error still reaches the caller (the request layer has toasted it unless toastState is false).
 * Terminal fetches show no global loading indicator unless asked: their pages have their own.
 */
export async function terminalFetch<T>(
  run: (options: RequestOptions) => Promise<T>,
  options: RequestOptions = {},
): Promise<T> {
  if (skipping > 0) {
    skipping -= 1;
    throw new TerminalFetchSkipped();
  }
  try {
    return await run({ loading: false, ...options });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === Codes.REQUEST_TIMEOUT.code) skipping = SKIPPED_AFTER_TIMEOUT;
      else if (
        error.code === Codes.DEVICE_UNBOUND.code ||
        error.code === Codes.SERVICE_EXPIRED.code
      )
        onDeviceGone();
    }
    throw error;
  }
}

export interface TerminalPageQuery {
  page: number;
  limit?: number;
  enterpriseId?: number;
  deviceState?: number;
  searchKey?: string;
}

/** GET /terminal/page through the §8 rules. */
export const fetchTerminalPage = (query: TerminalPageQuery, options?: RequestOptions) =>
  terminalFetch((o) => call(routes.terminalPage, { query }, o), options);

/** GET /v2/terminal/{id} through the §8 rules. */
export const fetchTerminal = (id: number, options?: RequestOptions) =>
  terminalFetch((o) => call(routes.terminalV2, { params: { id } }, o), options);

/** GET /v2/terminal/ids through the §8 rules (at most DEVICE_ID_BATCH_LIMIT ids). */
export const fetchTerminalsByIds = (ids: readonly number[], options?: RequestOptions) =>
  terminalFetch((o) => call(routes.terminalIds, { query: { ids: ids.join(',') } }, o), options);
