import { useQuery } from '@tanstack/react-query';
import type { StopoverItem, TrackColumns } from '@xunji/shared';
import { DotLoading, ErrorBlock, Switch } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { dayFromParam, dayWindow } from '../../history/day';
import { formatDuration } from '../../history/format';
import { buildTimeline } from '../../history/playback';
import { PlaybackClock } from '../../history/playback-clock';
import { historyQueries } from '../../history/queries';
import { FitBounds, MapView, TrackLineLayer } from '../../map';
import { DeviceMissing } from '../info/DeviceMissing';
import { DateBar } from '../../history/DateBar';
import { MarkerValues } from './MarkerValues';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackMarkerLayer } from './PlaybackMarkerLayer';
import { SpeedLegend } from './SpeedLegend';
import { DAY_END, DAY_START, TimeRangePicker, timeParam } from './TimeRangePicker';
import { TrackMarkersLayer } from './TrackMarkersLayer';
import { TrackTotals } from './TrackTotals';
import './track.css';

/** Before the track arrives. */
const emptyColumns: TrackColumns = {
  count: 0,
  time: new Float64Array(),
  latitude: new Float64Array(),
  longitude: new Float64Array(),
  gcjLatitude: new Float64Array(),
  gcjLongitude: new Float64Array(),
  speed: new Float32Array(),
  course: new Uint16Array(),
  mode: new Uint8Array(),
  flags: new Uint8Array(),
};

/** The shown points: all, or only GPS fixes when network (cell, Wi-Fi) fixes are hidden. */
function shownIndices(columns: TrackColumns, withNetworkFixes: boolean): Uint32Array {
  const shown: number[] = [];
  for (let i = 0; i < columns.count; i++)
    if (withNetworkFixes || columns.mode[i] === 0) shown.push(i);
  return Uint32Array.from(shown);
}

/** South-west and north-east corners of the shown points, for fitting the map. */
function cornersOf(columns: TrackColumns, shown: Uint32Array) {
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const i of shown) {
    south = Math.min(south, columns.latitude[i]!);
    north = Math.max(north, columns.latitude[i]!);
    west = Math.min(west, columns.longitude[i]!);
    east = Math.max(east, columns.longitude[i]!);
  }
  return shown.length === 0
    ? []
    : [
        { latitude: south, longitude: west },
        { latitude: north, longitude: east },
      ];
}

function StopoverChip({ stop, onClose }: { stop: StopoverItem; onClose: () => void }) {
  const { t } = useTranslation();
  const span = `${dayjs(stop.startTime).format('HH:mm')}–${dayjs(stop.endTime).format('HH:mm')}`;
  return (
    <div className="track-chip" role="status">
      <strong>{t('history.stayedFor', { duration: formatDuration(stop.duration, t) })}</strong>
      <span>{stop.ongoing ? `${span} · ${t('history.stillThere')}` : span}</span>
      <button type="button" aria-label={t('common.close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
}

/** §2 /pagesDevice/track/index: a day's track, coloured by speed, with playback and totals. */
export default function TrackPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const [params, setParams] = useSearchParams();
  const date = dayFromParam(params.get('date'));
  const from = timeParam(params.get('from'), DAY_START);
  const to = timeParam(params.get('to'), DAY_END);
  const window = useMemo(() => dayWindow(date, from, to), [date, from, to]);
  const device = useQuery({ ...deviceQueries.one(id ?? 0), enabled: id !== null });
  const track = useQuery({ ...historyQueries.track(id ?? 0, window), enabled: id !== null });
  const filter = device.data?.filter;
  const [networkFixes, setNetworkFixes] = useState<boolean | null>(null);
  const withNetworkFixes =
    networkFixes ?? (filter ? filter.lbs || filter.wifi || filter.mix : true);
  const [follow, setFollow] = useState(true);
  const [stop, setStop] = useState<StopoverItem | null>(null);
  const [drawnFor, setDrawnFor] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const data = track.data;
  const columns = data?.columns;
  const shown = useMemo(
    () => (columns ? shownIndices(columns, withNetworkFixes) : new Uint32Array()),
    [columns, withNetworkFixes],
  );
  const timeline = useMemo(() => buildTimeline(columns ?? emptyColumns, shown), [columns, shown]);
  const [clock] = useState(() => new PlaybackClock(timeline));
  useEffect(() => clock.setTimeline(timeline), [clock, timeline]);
  useEffect(() => () => clock.dispose(), [clock]);
  // For tests and the benchmark: where the playback is, without re-rendering the page per step.
  useEffect(
    () =>
      clock.subscribe(() => {
        rootRef.current?.setAttribute('data-playback-index', String(clock.getState().step));
      }),
    [clock],
  );
  const drawKey = `${id} ${date} ${from} ${to} ${shown.length}`;
  const onDrawn = useCallback(() => setDrawnFor(drawKey), [drawKey]);
  const corners = useMemo(() => (columns ? cornersOf(columns, shown) : []), [columns, shown]);
  const labels = useMemo(
    () => ({
      start: t('history.startPin'),
      end: t('history.endPin'),
      stopover: t('history.stopover'),
    }),
    [t],
  );

  const change = (patch: Record<string, string>) =>
    setParams((current) => ({ ...Object.fromEntries(current), ...patch }), { replace: true });

  if (id === null)
    return (
      <PageLayout title={t('history.trackTitle')}>
        <DeviceMissing invalidId />
      </PageLayout>
    );

  const empty = track.isSuccess && shown.length === 0;
  return (
    <div className="track-screen">
      <PageLayout title={device.data?.terminalName ?? t('history.trackTitle')}>
        <div
          ref={rootRef}
          className="track-page"
          data-testid="track-page"
          data-track-ready={drawnFor === drawKey && !empty ? 'true' : 'false'}
          data-point-count={shown.length}
        >
          <div className="track-bar">
            <DateBar
              terminalId={id}
              date={date}
              markType="track"
              compact
              onChange={(day) => change({ date: day })}
            />
            <TimeRangePicker
              from={from}
              to={to}
              onChange={(start, end) => change({ from: start, to: end })}
            />
          </div>
          <div className="track-map">
            <MapView>
              {data && columns && shown.length > 0 ? (
                <>
                  <TrackLineLayer columns={columns} indices={shown} onDrawn={onDrawn} />
                  <TrackMarkersLayer
                    columns={columns}
                    stopovers={data.stopovers}
                    labels={labels}
                    onStopover={setStop}
                  />
                  <PlaybackMarkerLayer
                    columns={columns}
                    timeline={timeline}
                    clock={clock}
                    follow={follow}
                  />
                  <FitBounds points={corners} fitKey={drawKey} animate={false} padding={32} />
                </>
              ) : null}
            </MapView>
            <SpeedLegend />
            <label className="track-network">
              <span>{t('history.showNetworkFixes')}</span>
              <Switch checked={withNetworkFixes} onChange={setNetworkFixes} />
            </label>
            {stop ? <StopoverChip stop={stop} onClose={() => setStop(null)} /> : null}
            {track.isPending ? (
              <div className="track-map__state">
                <DotLoading color="primary" />
              </div>
            ) : null}
            {empty ? <div className="track-map__state">{t('history.noTrack')}</div> : null}
          </div>
          <div className="track-sheet">
            {track.isError ? (
              <ErrorBlock
                status="disconnected"
                title={t('errors.tryAgainLater')}
                description={null}
              />
            ) : null}
            {columns && !empty ? (
              <>
                <PlaybackControls clock={clock} follow={follow} onFollow={setFollow} />
                <MarkerValues columns={columns} timeline={timeline} clock={clock} />
              </>
            ) : null}
            {data ? <TrackTotals summary={data.summary} /> : null}
          </div>
        </div>
      </PageLayout>
    </div>
  );
}
