import type { TripTotals } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration } from '../../history/format';

/** The day at a glance, above its trips: how far, how many trips, how long at the wheel. */
export function DayTotals({ trips, totals }: { trips: number; totals: TripTotals }) {
  const { t } = useTranslation();
  const cells = [
    ['distance', formatDistance(totals.distance, t)],
    ['trips', String(trips)],
    ['drivingTime', formatDuration(totals.drivingTime, t)],
  ] as const;
  return (
    <dl className="report-totals" data-testid="report-day-totals">
      {cells.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`history.report.dayTotals.${key}`)}</dt>
          <dd data-testid={`report-total-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
