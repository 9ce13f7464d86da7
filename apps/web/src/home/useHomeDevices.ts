import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allDevicesQuery } from '../devices/all-devices';
import { useLiveDevices, useLiveFallbackInterval, useLiveReady } from '../live/socket';
import { useAccountStore } from '../stores/account';
import { useDeviceStore } from '../stores/device';
import { applyLiveUpdates } from './live-terminals';

/**
 * Every device of the home map: loaded once, then moved by the live socket (and loaded again when
 * it says updates may have been missed); while the socket is down, reloaded every 10 s (§4/§9).
 * Until the server answers, the devices stored at the last visit stand in (`fresh` is false: their
 * positions may be old).
 */
export function useHomeDevices() {
  const enterpriseId = useAccountStore((state) => state.enterpriseId);
  // A guest has no devices: asking would only answer 401 (and "sign in again").
  const signedIn = useAccountStore((state) => state.isAuthenticated);
  const refetchInterval = useLiveFallbackInterval();
  const query = useQuery({ ...allDevicesQuery(enterpriseId), refetchInterval, enabled: signedIn });
  // Live patches apply over the latest load; a new load replaces them.
  const [live, setLive] = useState(() => ({
    source: query.data,
    terminals: query.data ?? useDeviceStore.getState().devices,
  }));
  if (query.data && query.data !== live.source) {
    setLive({ source: query.data, terminals: query.data });
  }

  // The socket (re)connected, or the server says updates may have been missed: load them again.
  useLiveReady(() => void query.refetch());
  useLiveDevices((updates) =>
    setLive((current) => ({ ...current, terminals: applyLiveUpdates(current.terminals, updates) })),
  );

  return {
    terminals: live.terminals,
    fresh: live.source !== undefined,
    loaded: query.isFetched,
    refetch: query.refetch,
  };
}
