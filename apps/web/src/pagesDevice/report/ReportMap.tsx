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
import { FitBounds, MapView, PinLayer, TrackLineLayer, useMap, useMapCoords } from '../../map';
import { userTimeZone } from '../../history/day';
import { historyQueries } from '../../history/queries';
import { useTrackView } from '../../history/useTrackView';
import { MapNote } from '../../components/MapSheetPage';

/** §2 stay details: the place is shown with a circle of this radius. */
export const STAY_RADIUS_M = 200;

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
  const { view } = useTrackView(track.data?.points, false);
  const columns = view?.columns;
  const start = startOf(item);
  const end = endOf(item);
  const points = useMemo(
    () => [startOf(item), endOf(item), ...(view?.corners ?? [])],
    [view, item],
  );

  return (
    <MapView center={start}>
      <PinLayer point={start} tone="green" label={t('history.report.startMark')} />
      <PinLayer point={end} tone="red" label={t('history.report.endMark')} order={1} />
      <FitBounds points={points} fitKey={`${item.id}:${columns?.count ?? 0}`} padding={48} />
      {/* After the fit, so that the line is drawn once, at the zoom it is seen at. */}
      {view && view.columns.count > 0 ? (
        <TrackLineLayer columns={view.columns} line={view.line} />
      ) : null}
      {track.isPending || (track.data && !view) ? (
        <MapNote>
          <DotLoading color="white" />
        </MapNote>
      ) : columns && columns.count === 0 ? (
        <MapNote>{t('history.report.noTrackPoints')}</MapNote>
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
      <PinLayer point={place} tone="orange" label={t('history.report.stayMark')} />
    </MapView>
  );
}
