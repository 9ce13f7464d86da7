import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, REFRESH_INTERVAL_MS, routes } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';
import { useLiveCommands, useLiveReady, useLiveRecords } from '../live/socket';

const quiet: RequestOptions = { loading: false };

/** Every remote read of a device sits under ['remote', id]: a command sent refreshes them all. */
export const remoteKeys = {
  device: (terminalId: number) => ['remote', terminalId] as const,
  params: (terminalId: number) => ['remote', terminalId, 'params'] as const,
  garrison: (terminalId: number) => ['remote', terminalId, 'garrison'] as const,
  whiteList: (terminalId: number) => ['remote', terminalId, 'white-list'] as const,
  cutBuffer: (terminalId: number) => ['remote', terminalId, 'cut-buffer'] as const,
  power: (terminalId: number) => ['remote', terminalId, 'power'] as const,
  recentCommands: (terminalId: number) => ['remote', terminalId, 'commands', 1] as const,
};

/** §4: while a device page is open its remote state is read again every 10 s. */
const refreshed = { refetchInterval: REFRESH_INTERVAL_MS } as const;

export const fetchCommandPage = (terminalId: number, page: number) =>
  call(
    routes.commandPage,
    { query: { terminalId, page, limit: PAGE_SIZE.commands } },
    { loading: false },
  );

export const remoteQueries = {
  /** The settings, what is pending, and what the device can be asked (`abilities`). */
  params: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.params(terminalId),
      queryFn: () => call(routes.terminalParams, { params: { terminalId } }, quiet),
      ...refreshed,
    }),
  garrison: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.garrison(terminalId),
      queryFn: () => call(routes.garrison, { params: { deviceId: terminalId } }, quiet),
      ...refreshed,
    }),
  whiteList: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.whiteList(terminalId),
      queryFn: () => call(routes.whiteList, { params: { deviceId: terminalId } }, quiet),
      ...refreshed,
    }),
  cutBuffer: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.cutBuffer(terminalId),
      queryFn: () => call(routes.cutBuffer, { params: { terminalId } }, quiet),
      ...refreshed,
    }),
  power: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.power(terminalId),
      queryFn: () => call(routes.terminalPower, { params: { terminalId } }, quiet),
      ...refreshed,
    }),
  /** The newest page of the command log: where a command just sent finds its result. */
  recentCommands: (terminalId: number) =>
    queryOptions({
      queryKey: remoteKeys.recentCommands(terminalId),
      queryFn: () => fetchCommandPage(terminalId, 1),
      ...refreshed,
    }),
};

/**
 * Reads the device's remote state again: at once when one of its commands changes or a recording
 * arrives (live), after a reconnect of the socket, and when the returned function is called.
 */
export function useRefreshRemote(terminalId: number): () => Promise<void> {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: remoteKeys.device(terminalId) });
  const ofDevice = ({ deviceId }: { deviceId: number }) => {
    if (deviceId === terminalId) void refresh();
  };
  useLiveReady(() => void refresh());
  useLiveCommands(ofDevice);
  useLiveRecords(ofDevice);
  return refresh;
}
