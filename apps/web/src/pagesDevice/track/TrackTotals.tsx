import type { TrackSummary } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { formatSpeed } from '../../devices/format';
import { formatDistance, formatDuration } from '../../history/format';

/** Distance, moving and stopped time, top and average speed of the range. */
export function TrackTotals({ summary }: { summary: TrackSummary }) {
  const { t } = useTranslation();
  const totals = [
    ['distance', formatDistance(summary.distance, t)],
    ['movingTime', formatDuration(summary.movingTime, t)],
    ['stoppedTime', formatDuration(summary.stoppedTime, t)],
    ['maxSpeed', `${formatSpeed(summary.maxSpeed)} km/h`],
    ['averageSpeed', `${formatSpeed(summary.averageSpeed)} km/h`],
  ] as const;
  return (
    <dl className="track-totals" data-testid="track-totals">
      {totals.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`history.totals.${key}`)}</dt>
          <dd data-testid={`track-total-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
