import { Slider, Switch } from 'antd-mobile';
import { PlayOutline } from 'antd-mobile-icons';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackClock } from '../../history/playback-clock';
import { PLAYBACK_SPEEDS } from '../../history/playback';

/** antd-mobile-icons has a play icon but no pause. */
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
    <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
    <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
  </svg>
);

/** Play/pause, the scrubbing slider, 1×-16× and follow-the-marker. */
export function PlaybackControls({
  clock,
  follow,
  onFollow,
}: {
  clock: PlaybackClock;
  follow: boolean;
  onFollow: (follow: boolean) => void;
}) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(clock.subscribe, clock.getState);
  const duration = Math.max(1, clock.duration);
  return (
    <div className="track-controls">
      <div className="track-controls__row">
        <button
          type="button"
          className="track-controls__play"
          data-testid="track-play"
          aria-label={state.playing ? t('history.pause') : t('history.play')}
          onClick={() => (state.playing ? clock.pause() : clock.play())}
        >
          {state.playing ? <PauseIcon /> : <PlayOutline />}
        </button>
        <Slider
          className="track-controls__slider"
          min={0}
          max={duration}
          step={duration / 1000}
          value={Math.min(state.time, duration)}
          onChange={(value) => clock.seek(value as number)}
        />
      </div>
      <div className="track-controls__row">
        <div className="track-controls__speeds" role="group" aria-label={t('history.speedFactor')}>
          {PLAYBACK_SPEEDS.map((speed) => (
            <button
              key={speed}
              type="button"
              data-testid={`track-speed-${speed}`}
              aria-pressed={state.speed === speed}
              onClick={() => clock.setSpeed(speed)}
            >
              {speed}×
            </button>
          ))}
        </div>
        <label className="track-controls__follow">
          <span>{t('history.follow')}</span>
          <Switch checked={follow} onChange={onFollow} />
        </label>
      </div>
    </div>
  );
}
