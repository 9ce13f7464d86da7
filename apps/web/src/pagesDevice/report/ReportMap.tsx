/**
 * The map of the report details page (this module loads Leaflet: only the lazy details page
 * imports it). Positions are WGS-84; the layers convert them for the tile source.
 */
import { useQuery } from '@tanstack/react-query';
import type { LatLon, StopoverItem, TripItem } from '@xunji/shared';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { FitBounds, MapView, TrackLineLayer, useMap, useMapCoords } from '../../map';
import { userTimeZone } from '../../history/day';
import { historyQueries } from '../../history/queries';

/** §2 stay details: the place is shown with a circle of this radius. */
export const STAY_RADIUS_M = 200;

type PinKind = 'start' | 'end' | 'stay';

/** A round labelled pin (start, end, the stay) over the track. */
function PinLayer({ point, kind, label }: { point: LatLon; kind: PinKind; label: string }) {
  const map = useMap();
  const coords = useMapCoords();
  const { latitude, longitude } = point;
  useEffect(() => {
    const icon = L.divIcon({
      className: '',
      html: `<div class="report-pin report-pin--${kind}"></div>`,
      iconSize: [26, 26],
      iconAnchor: [13, 13],
    });
    const marker = L.marker(coords.toMap({ latitude, longitude }), {
      icon,
      interactive: false,
      keyboard: false,
      zIndexOffset: kind === 'start' ? 0 : 100,
    }).addTo(map);
    // The label as text, not HTML (it comes from the language resources).
    const element = marker.getElement()?.firstElementChild;
    if (element) element.textContent = label;
    return () => {
      marker.remove();
    };
  }, [map, coords, latitude, longitude, kind, label]);
  return null;
}

/** The stay's circle (metres on the ground). */
function CircleLayer({ point, radius }: { point: LatLon; radius: number }) {
  const map = useMap();
  const coords = useMapCoords();
  const { latitude, longitude } = point;
  useEffect(() => {
    const circle = L.circle(coords.toMap({ latitude, longitude }), {
      radius,
      color: '#ff7a00',
      weight: 1.5,
      opacity: 0.8,
      fillColor: '#ff7a00',
      fillOpacity: 0.15,
      interactive: false,
    }).addTo(map);
    return () => {
      circle.remove();
    };
  }, [map, coords, latitude, longitude, radius]);
  return null;
}

const startOf = (item: TripItem | StopoverItem): LatLon => ({
  latitude: item.startLatWGS84,
  longitude: item.startLonWGS84,
});
const endOf = (item: TripItem | StopoverItem): LatLon => ({
  latitude: item.endLatWGS84,
  longitude: item.endLonWGS84,
});

/** The corners of the box around the points (enough to fit the map to them). */
function corners(latitudes: ArrayLike<number>, longitudes: ArrayLike<number>, count: number) {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (let i = 0; i < count; i++) {
    const latitude = latitudes[i]!;
    const longitude = longitudes[i]!;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
  }
  return count === 0
    ? []
    : [
        { latitude: south, longitude: west },
        { latitude: north, longitude: east },
      ];
}

/** A trip: its track (coloured by speed), start and end pins, the map fitted to it. */
export function TripMap({ terminalId, item }: { terminalId: number; item: TripItem }) {
  const { t } = useTranslation();
  const track = useQuery(
    historyQueries.track(terminalId, {
      startTime: String(item.startTime),
      endTime: String(item.endTime),
      timeZone: userTimeZone(),
    }),
  );
  const columns = track.data?.columns;
  const start = startOf(item);
  const end = endOf(item);
  const points = useMemo(() => {
    const ends = [startOf(item), endOf(item)];
    if (!columns || columns.count === 0) return ends;
    return [...ends, ...corners(columns.latitude, columns.longitude, columns.count)];
  }, [columns, item]);

  return (
    <MapView center={start}>
      {columns && columns.count > 0 ? <TrackLineLayer columns={columns} /> : null}
      <PinLayer point={start} kind="start" label={t('history.report.startMark')} />
      <PinLayer point={end} kind="end" label={t('history.report.endMark')} />
      <FitBounds points={points} fitKey={`${item.id}:${columns?.count ?? 0}`} padding={48} />
      {track.isPending ? (
        <div className="report-map__note">
          <DotLoading color="white" />
        </div>
      ) : columns && columns.count === 0 ? (
        <div className="report-map__note">{t('history.report.noTrackPoints')}</div>
      ) : null}
    </MapView>
  );
}

/** A stay: its place, with a 200 m circle around it. */
export function StayMap({ item }: { item: StopoverItem }) {
  const { t } = useTranslation();
  const place = startOf(item);
  return (
    <MapView center={place}>
      <CircleLayer point={place} radius={STAY_RADIUS_M} />
      <PinLayer point={place} kind="stay" label={t('history.report.stayMark')} />
    </MapView>
  );
}
