import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Terminal } from '@xunji/shared';
import { useState } from 'react';
import { deviceKeys } from '../devices/queries';
import { fetchTerminalPage } from '../devices/terminal-fetch';
import { useLiveDevices, useLiveFallbackInterval } from '../live/socket';
import { useAccountStore } from '../stores/account';
import { useDeviceStore } from '../stores/device';
import { applyLiveUpdates } from './live-terminals';

/** The map shows at most this many devices (pages of 100). */
const MAX_PAGES = 20;

async function fetchAll(enterpriseId: number | null): Promise<Terminal[]> {
  const all: Terminal[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, count } = await fetchTerminalPage({
      page,
      limit: PAGE_SIZE.terminals,
      ...(enterpriseId === null ? {} : { enterpriseId }),
    });
    all.push(...list);
    if (list.length < PAGE_SIZE.terminals || all.length >= count) break;
  }
  return all;
}

/**
 * Every device of the home map: loaded once, then moved by the live socket; while the socket is
 * down, reloaded every 10 s (§4/§9).
 */
export function useHomeDevices() {
  const enterpriseId = useAccountStore((state) => state.enterpriseId);
  const refetchInterval = useLiveFallbackInterval();
  const query = useQuery({
    queryKey: [...deviceKeys.all, 'home', enterpriseId],
    queryFn: async () => {
      const devices = await fetchAll(enterpriseId);
      useDeviceStore.setState({ devices });
      return devices;
    },
    refetchInterval,
  });
  // Live patches apply over the latest load; a new load replaces them.
  const [live, setLive] = useState(() => ({
    source: query.data,
    terminals: query.data ?? useDeviceStore.getState().devices,
  }));
  if (query.data && query.data !== live.source) {
    setLive({ source: query.data, terminals: query.data });
  }

  useLiveDevices((updates) =>
    setLive((current) => ({ ...current, terminals: applyLiveUpdates(current.terminals, updates) })),
  );

  return { terminals: live.terminals, loaded: query.isFetched, refetch: query.refetch };
}
