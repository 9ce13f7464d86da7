import { useQuery } from '@tanstack/react-query';
import { decodeTrack, routes, type LatLon, type Terminal } from '@xunji/shared';
import { useMemo, useState } from 'react';
import { call } from '../api/call';
import { QUIET } from '../api/request';
import { addLivePoint, joinTrail, TRAIL_MS, trailOfTrack, type TrailPoint } from './trail';

/** The stored fixes of the last hour (the track call, for models that keep tracks). */
async function storedTrail(terminalId: number): Promise<TrailPoint[]> {
  const now = Date.now();
  const info = await call(
    routes.trackInfo,
    { query: { terminalId, startTime: String(now - TRAIL_MS), endTime: String(now) } },
    QUIET,
  );
  return trailOfTrack(decodeTrack(info.points));
}

/**
 * Where the selected device has been in the last hour: the stored track once, then the live
 * fixes of the device as they arrive. `now` (a clock ticking each minute) drops the old end.
 */
export function useRecentTrail(terminal: Terminal | undefined, now: number): LatLon[] {
  const id = terminal?.id ?? null;
  const stored = useQuery({
    queryKey: ['home', 'trail', id],
    queryFn: () => storedTrail(id!),
    enabled: id !== null && terminal?.terminalTypeInfo.terminalTypeExtend.enableTrack === true,
    // The live fixes carry it on.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

  const [live, setLive] = useState<{ id: number | null; points: TrailPoint[] }>({
    id,
    points: [],
  });
  const seen = live.id === id ? live.points : [];
  const latest =
    terminal && terminal.latWGS84 !== null && terminal.lonWGS84 !== null && terminal.locateTime
      ? { time: terminal.locateTime, latitude: terminal.latWGS84, longitude: terminal.lonWGS84 }
      : null;
  const next = latest ? addLivePoint(seen, latest) : seen;
  if (live.id !== id || next !== seen) setLive({ id, points: next });

  return useMemo(() => joinTrail(stored.data ?? [], next, now), [stored.data, next, now]);
}
