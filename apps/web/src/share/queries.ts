import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Codes, routes, type ShareDurationH } from '@xunji/shared';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { QUIET } from '../api/request';

/** How often the open share page asks for the position (and at once when it comes back to view). */
const SHARE_POLL_MS = 10_000;

const shareKeys = {
  all: ['shares'] as const,
  info: (code: string) => ['shares', 'info', code] as const,
  lbs: (code: string) => ['shares', 'lbs', code] as const,
  device: (terminalId: number) => ['shares', 'device', terminalId] as const,
};

/**
 * The share has ended (expired or revoked) or never was: the page says so and stops asking. The
 * code is the public calls' only input, so a malformed one (1000) is a link that never was.
 */
const ENDED_CODES: ReadonlySet<number> = new Set(
  [Codes.SHARE_ENDED, Codes.SHARE_NOT_FOUND, Codes.VALIDATION].map((entry) => entry.code),
);

export const isShareEnded = (error: unknown): boolean =>
  error instanceof ApiError && ENDED_CODES.has(error.code);

/** The public calls speak through the page (ended view, failure notice), never by toast. */
export const shareQueries = {
  info: (code: string) =>
    queryOptions({
      queryKey: shareKeys.info(code),
      queryFn: () => call(routes.positionShareInfo, { query: { code } }, QUIET),
    }),
  lbs: (code: string) =>
    queryOptions({
      queryKey: shareKeys.lbs(code),
      queryFn: () => call(routes.positionShareLbs, { query: { code } }, QUIET),
      refetchInterval: (query) => (isShareEnded(query.state.error) ? false : SHARE_POLL_MS),
      refetchOnWindowFocus: 'always',
      staleTime: 0,
    }),
  device: (terminalId: number) =>
    queryOptions({
      queryKey: shareKeys.device(terminalId),
      queryFn: () => call(routes.positionSharePage, { query: { terminalId } }, { loading: false }),
    }),
};

/** Creates a share of the device; its list of live links follows. */
export function useCreateShare(terminalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (duration: ShareDurationH) =>
      call(routes.createPositionShare, { body: { terminalId, duration } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.device(terminalId) }),
  });
}

/** Ends a share of the device at once. */
export function useRevokeShare(terminalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.revokePositionShare, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.device(terminalId) }),
  });
}
