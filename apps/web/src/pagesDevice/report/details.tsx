import { useQuery } from '@tanstack/react-query';
import type { StopoverItem, TripItem } from '@xunji/shared';
import { DotLoading, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Facts } from '../../components/Facts';
import { MapSheetPage } from '../../components/MapSheetPage';
import { MissingItem } from '../../components/MissingItem';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { formatDistance, formatDuration } from '../../history/format';
import { historyQueries } from '../../history/queries';
import { reportLinkOf } from '../../history/report-link';
import { formatDateTime } from '../../lib/date';
import { navigateBack, redirectTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { storedReportItem, useReportStore } from '../../stores/report';
import { addressText, formatKmh } from './format';
import { StayMap, TripMap } from './ReportMap';
import './report.css';

function TripFacts({ item }: { item: TripItem }) {
  const { t } = useTranslation();
  return (
    <Facts
      facts={[
        [t('history.report.startTime'), formatDateTime(item.startTime), 'start'],
        [t('history.report.endTime'), formatDateTime(item.endTime), 'end'],
        [t('history.report.duration'), formatDuration(item.duration, t), 'duration'],
        [t('history.report.distance'), formatDistance(item.distance, t), 'distance'],
        [t('history.report.averageSpeed'), formatKmh(item.averageSpeed, t), 'averageSpeed'],
        [t('history.report.maxSpeed'), formatKmh(item.maxSpeed, t), 'maxSpeed'],
        [t('history.report.from'), addressText(item.startAddress, t), 'from'],
        [t('history.report.to'), addressText(item.endAddress, t), 'to'],
      ]}
    />
  );
}

function StayFacts({ item }: { item: StopoverItem }) {
  const { t } = useTranslation();
  return (
    <Facts
      facts={[
        [t('history.report.startTime'), formatDateTime(item.startTime), 'start'],
        [
          t('history.report.endTime'),
          <>
            {formatDateTime(item.endTime)}
            {item.ongoing ? (
              <Tag color="primary" fill="outline" style={{ marginLeft: 6 }}>
                {t('history.report.ongoing')}
              </Tag>
            ) : null}
          </>,
          'end',
        ],
        [t('history.report.duration'), formatDuration(item.duration, t), 'duration'],
        [t('history.report.address'), addressText(item.address, t), 'address'],
      ]}
    />
  );
}

/** Whether the app has an entry to go back to (react-router's index of this one). */
const hasHistory = (): boolean => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

function Missing({
  terminalId,
  failure,
}: {
  terminalId: number | null;
  failure?: { error: unknown; onRetry: () => unknown } | null;
}) {
  const { t } = useTranslation();
  const back = () => {
    if (terminalId !== null && !hasHistory()) redirectTo(`${PATHS.reportTable}?id=${terminalId}`);
    else navigateBack();
  };
  return (
    <MissingItem
      text={t('history.report.missing')}
      backText={t('history.report.backToList')}
      onBack={back}
      failure={failure}
    />
  );
}

/**
 * /pagesDevice/report/details?id=&type=trip|stay&start=&end=: a trip or stay by device and times,
 * on the map with its numbers. The server answers the segment that now covers those times (a
 * link stays good when detection replaces the row); the item handed over by the list (report
 * store) shows meanwhile.
 */
export default function ReportDetailsPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const [params] = useSearchParams();
  const link = reportLinkOf(id, params);
  const selected = useReportStore((state) => state.selected);
  const current = useQuery({
    ...historyQueries.item(link ?? { terminalId: 0, type: 'trip', startTime: 0, endTime: 0 }),
    enabled: link !== null,
    placeholderData: storedReportItem(selected, link) ?? undefined,
  });
  const shown = current.data;

  const type = link?.type ?? params.get('type');
  const title =
    type === 'trip'
      ? t('history.report.tripDetails')
      : type === 'stay'
        ? t('history.report.stayDetails')
        : t('history.detailsTitle');

  if (!shown)
    return (
      <PageLayout title={title}>
        {link && current.isPending ? (
          <div className="report-details__loading">
            <DotLoading color="primary" />
          </div>
        ) : (
          <Missing
            terminalId={id}
            failure={current.isError ? { error: current.error, onRetry: current.refetch } : null}
          />
        )}
      </PageLayout>
    );

  return (
    <MapSheetPage
      title={title}
      sheetTestId="report-sheet"
      map={
        shown.type === 'trip' ? (
          <TripMap terminalId={shown.terminalId} item={shown.item} />
        ) : (
          <StayMap item={shown.item} />
        )
      }
    >
      {shown.type === 'trip' ? <TripFacts item={shown.item} /> : <StayFacts item={shown.item} />}
    </MapSheetPage>
  );
}
