import type { StopoverItem, TrackColumns } from '@xunji/shared';
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap, useMapCoords } from '../../map';

export interface TrackMarkerLabels {
  start: string;
  end: string;
  stopover: string;
}

const pin = (className: string, text: string) =>
  L.divIcon({
    className: `track-pin ${className}`,
    html: `<span>${text}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });

/** Start, end and stopover markers; tapping a stopover tells the page which one. */
export function TrackMarkersLayer({
  columns,
  stopovers,
  labels,
  onStopover,
}: {
  columns: TrackColumns;
  stopovers: readonly StopoverItem[];
  labels: TrackMarkerLabels;
  onStopover: (stopover: StopoverItem) => void;
}) {
  const map = useMap();
  const coords = useMapCoords();

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    stopovers.forEach((stop) => {
      const at = coords.toMap({ latitude: stop.startLatWGS84, longitude: stop.startLonWGS84 });
      L.marker(at, { icon: pin('track-pin--stop', 'P'), title: labels.stopover, keyboard: false })
        .on('click', () => onStopover(stop))
        .addTo(group);
    });
    const last = columns.count - 1;
    if (last >= 0) {
      const point = (i: number) =>
        coords.toMap({ latitude: columns.latitude[i]!, longitude: columns.longitude[i]! });
      L.marker(point(0), { icon: pin('track-pin--start', labels.start), interactive: false }).addTo(
        group,
      );
      L.marker(point(last), { icon: pin('track-pin--end', labels.end), interactive: false }).addTo(
        group,
      );
    }
    return () => {
      group.remove();
    };
  }, [map, coords, columns, stopovers, labels, onStopover]);

  return null;
}
