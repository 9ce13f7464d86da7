import { useQuery } from '@tanstack/react-query';
import type { StopoverItem } from '@xunji/shared';
import { DotLoading, ErrorBlock, Switch } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { SubtitledTitle } from '../../components/SubtitledTitle';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { dayWindow, trackPeriod } from '../../history/day';
import { formatDuration } from '../../history/format';
import type { Timeline } from '../../history/playback';
import { PlaybackClock } from '../../history/playback-clock';
import { historyQueries } from '../../history/queries';
import { useTrackView } from '../../history/useTrackView';
import { FitBounds, MapView, TrackLineLayer } from '../../map';
import { DeviceMissing } from '../info/DeviceMissing';
import { DateBar } from '../../history/DateBar';
import { MarkerValues } from './MarkerValues';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackMarkerLayer } from './PlaybackMarkerLayer';
import { SpeedLegend } from './SpeedLegend';
import { TimeRangePicker } from './TimeRangePicker';
import { TrackMarkersLayer } from './TrackMarkersLayer';
import { TrackTotals } from './TrackTotals';
import './track.css';

/** Before the track is ready. */
const NO_TIMELINE: Timeline = { indices: new Uint32Array(), at: new Float64Array(), duration: 0 };
/** How the map shows the track. */
const FIT = { padding: 32, animate: false } as const;

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
  const { date, from, to } = trackPeriod(params);
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
  // Only a switch that hides or shows points prepares the track again.
  const hideNetworkFixes = !withNetworkFixes && data?.points.hasNetworkFixes === true;
  const { view, failed } = useTrackView(data?.points, hideNetworkFixes);
  const columns = view?.columns;
  const timeline = view?.timeline ?? NO_TIMELINE;
  const shownCount = timeline.indices.length;
  const empty = view ? shownCount === 0 : data?.points.count === 0;
  // The map starts where the first track is (drawn once, not first somewhere else), then stays.
  const [mapStarted, setMapStarted] = useState(false);
  if (!mapStarted && (view || empty || failed || track.isError)) setMapStarted(true);
  const [clock] = useState(() => new PlaybackClock(timeline));
  useEffect(() => clock.setTimeline(timeline), [clock, timeline]);
  useEffect(() => () => clock.dispose(), [clock]);
  // For tests and the benchmark: where the marker is, without re-rendering the page per step.
  useEffect(() => {
    let shown = -1;
    return clock.onFrame(({ step }) => {
      if (step !== shown) rootRef.current?.setAttribute('data-playback-index', String(step));
      shown = step;
    });
  }, [clock]);
  const drawKey = `${id} ${date} ${from} ${to} ${shownCount}`;
  const onDrawn = useCallback(() => setDrawnFor(drawKey), [drawKey]);
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
  if (device.isError && !device.data)
    return (
      <PageLayout title={t('history.trackTitle')}>
        <DeviceMissing error={device.error} onRetry={device.refetch} />
      </PageLayout>
    );

  return (
    <div className="track-screen">
      <PageLayout
        title={
          <SubtitledTitle title={t('history.trackTitle')} subtitle={device.data?.terminalName} />
        }
      >
        <div
          ref={rootRef}
          className="track-page"
          data-testid="track-page"
          data-track-ready={drawnFor === drawKey && !empty ? 'true' : 'false'}
          data-point-count={shownCount}
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
            {mapStarted ? (
              <MapView bounds={view ? { points: view.corners, ...FIT } : undefined}>
                {data && view && !empty ? (
                  <>
                    {/* Fitted first, so that the line is drawn once, at the zoom it is seen at. */}
                    <FitBounds points={view.corners} fitKey={drawKey} {...FIT} />
                    <TrackLineLayer columns={view.columns} line={view.line} onDrawn={onDrawn} />
                    <TrackMarkersLayer
                      columns={view.columns}
                      stopovers={data.stopovers}
                      labels={labels}
                      onStopover={setStop}
                    />
                    <PlaybackMarkerLayer
                      columns={view.columns}
                      timeline={timeline}
                      clock={clock}
                      follow={follow}
                    />
                  </>
                ) : null}
              </MapView>
            ) : null}
            <SpeedLegend />
            <label className="track-network">
              <span>{t('history.showNetworkFixes')}</span>
              <Switch checked={withNetworkFixes} onChange={setNetworkFixes} />
            </label>
            {stop ? <StopoverChip stop={stop} onClose={() => setStop(null)} /> : null}
            {track.isPending || (data && !view && !empty && !failed) ? (
              <div className="track-map__state">
                <DotLoading color="primary" />
              </div>
            ) : null}
            {empty ? <div className="track-map__state">{t('history.noTrack')}</div> : null}
          </div>
          <div className="track-sheet">
            {track.isError ? (
              <LoadFailure error={track.error} onRetry={track.refetch} />
            ) : failed ? (
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
