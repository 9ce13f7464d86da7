import type { TrackColumns } from '@xunji/shared';
import L from 'leaflet';
import { useEffect } from 'react';
import type { PlaybackClock } from '../../history/playback-clock';
import { interpolate, type Timeline } from '../../history/playback';
import { useMap, useMapCoords } from '../../map';

const ARROW =
  '<svg viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="13" fill="#ff8f1f" stroke="#fff" stroke-width="3"/><path d="M16 7l6 14-6-4-6 4z" fill="#fff"/></svg>';

/** Keeps the marker inside the middle of the map while following (a pan, not a jump per frame). */
const FOLLOW_MARGIN = 0.2;

/** The playback marker: moved every animation frame by the clock, turned to the heading. */
export function PlaybackMarkerLayer({
  columns,
  timeline,
  clock,
  follow,
}: {
  columns: TrackColumns;
  timeline: Timeline;
  clock: PlaybackClock;
  follow: boolean;
}) {
  const map = useMap();
  const coords = useMapCoords();

  useEffect(() => {
    if (timeline.indices.length === 0) return;
    const icon = L.divIcon({ className: 'track-playback', html: ARROW, iconSize: [32, 32] });
    const marker = L.marker([0, 0], { icon, interactive: false, keyboard: false }).addTo(map);
    const unsubscribe = clock.onFrame((position) => {
      const at = coords.toMap(interpolate(columns, timeline, position));
      marker.setLatLng(at);
      const heading = columns.course[timeline.indices[position.step]!] ?? 0;
      const svg = marker.getElement()?.firstElementChild as HTMLElement | null;
      if (svg) svg.style.transform = `rotate(${heading}deg)`;
      // Only while playing: the first frame comes before the map is fitted to the track.
      if (!follow || !clock.getState().playing) return;
      const size = map.getSize();
      const pixel = map.latLngToContainerPoint(at);
      const inside =
        pixel.x > size.x * FOLLOW_MARGIN &&
        pixel.x < size.x * (1 - FOLLOW_MARGIN) &&
        pixel.y > size.y * FOLLOW_MARGIN &&
        pixel.y < size.y * (1 - FOLLOW_MARGIN);
      if (!inside) map.panTo(at, { animate: true, duration: 0.4 });
    });
    return () => {
      unsubscribe();
      marker.remove();
    };
  }, [map, coords, columns, timeline, clock, follow]);

  return null;
}
