import { useEffect, useState } from 'react';
import { useTileSource } from '../map/current-source';
import type { TrackPoints } from './track-answer';
import type { TrackView } from './track-view';
import { preparedView, prepareTrackView } from './track-view-client';

interface Settled {
  points: TrackPoints;
  view: TrackView | null;
  failed: boolean;
}

/**
 * A track's points prepared off the main thread for playback and for the map of the chosen base
 * map: `view` is null until ready (at once when it already is). While other options are
 * prepared, the last view of the same answer stays (no blank map when network fixes are hidden).
 */
export function useTrackView(points: TrackPoints | undefined, hideNetworkFixes: boolean) {
  const { crs } = useTileSource();
  const [settled, setSettled] = useState<Settled | null>(null);
  useEffect(() => {
    if (!points) return;
    let current = true;
    const settle = (view: TrackView | null) => {
      if (current)
        setSettled((last) =>
          last?.points === points && last.view === view && view
            ? last
            : { points, view, failed: !view },
        );
    };
    prepareTrackView(points, { hideNetworkFixes, crs }).then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, [points, hideNetworkFixes, crs]);
  const ready = points && preparedView(points, { hideNetworkFixes, crs });
  const forPoints = settled?.points === points ? settled : null;
  return { view: ready ?? forPoints?.view ?? null, failed: !ready && forPoints?.failed === true };
}
