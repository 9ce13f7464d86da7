import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StopoverItem, StopoverPage, TripItem, TripPage } from '@xunji/shared';
import { Tabs } from 'antd-mobile';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedListView } from '../../components/PagedListView';
import { PageLayout } from '../../components/PageLayout';
import { SubtitledTitle } from '../../components/SubtitledTitle';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { usePagedList, type Page } from '../../devices/usePagedList';
import { dayFromParam, dayWindow } from '../../history/day';
import { fetchReportPage, historyKeys } from '../../history/queries';
import { reportDetailsPath } from '../../history/report-link';
import { navigateTo } from '../../router/navigation';
import { selectReportItem, type ReportSelection } from '../../stores/report';
import { DeviceMissing } from '../info/DeviceMissing';
import { DateBar } from '../../history/DateBar';
import { DayTotals } from './DayTotals';
import { StayRow, TripRow } from './ReportRows';
import './report.css';

/** Trips first: what a car owner opens the report for. */
const TABS = ['trips', 'stays'] as const;
type ReportTab = (typeof TABS)[number];

const tabFromParam = (value: string | null): ReportTab => (value === 'stays' ? 'stays' : 'trips');

/** Hands the item to the details page (shown at once) and opens it by device and times. */
function openDetails(selection: ReportSelection): void {
  selectReportItem(selection);
  const { terminalId, type, item } = selection;
  navigateTo(
    reportDetailsPath({ terminalId, type, startTime: item.startTime, endTime: item.endTime }),
  );
}

function ReportList<T extends { id: number }>({
  fetchPage,
  renderRow,
  header,
}: {
  fetchPage: (page: number) => Promise<Page<T>>;
  renderRow: (item: T) => ReactNode;
  /** Above the rows, inside the pull to refresh. */
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { list, refresh, loadMore } = usePagedList(fetchPage);

  return (
    <PagedListView
      className="report-pull"
      list={list}
      loadMore={loadMore}
      onRefresh={async () => {
        // The calendar's marks may have changed too.
        void queryClient.invalidateQueries({ queryKey: historyKeys.all });
        await refresh();
      }}
      texts={{ empty: t('history.report.empty') }}
    >
      {header}
      <div className="report-list">{list.items.map(renderRow)}</div>
    </PagedListView>
  );
}

function StaysList({ id, date }: { id: number; date: string }) {
  const fetchPage = useCallback(
    (page: number) =>
      fetchReportPage('stopover', id, dayWindow(date), page) as Promise<StopoverPage>,
    [id, date],
  );
  const open = (item: StopoverItem) => openDetails({ terminalId: id, type: 'stay', item });
  return (
    <ReportList
      fetchPage={fetchPage}
      renderRow={(item) => <StayRow key={item.id} item={item} onOpen={open} />}
    />
  );
}

function TripsList({ id, date }: { id: number; date: string }) {
  // The day's totals come with every page of its trips: the latest answer's are shown.
  const [day, setDay] = useState<Pick<TripPage, 'count' | 'totals'> | null>(null);
  const fetchPage = useCallback(
    async (page: number) => {
      const answer = (await fetchReportPage('trip', id, dayWindow(date), page)) as TripPage;
      setDay(answer);
      return answer;
    },
    [id, date],
  );
  const open = (item: TripItem) => openDetails({ terminalId: id, type: 'trip', item });
  return (
    <ReportList
      fetchPage={fetchPage}
      header={day && day.count > 0 ? <DayTotals trips={day.count} totals={day.totals} /> : null}
      renderRow={(item) => <TripRow key={item.id} item={item} onOpen={open} />}
    />
  );
}

/**
 * /pagesDevice/report/table?id=&date=&tab=: a device's stays and trips of one day, 20 a page,
 * with a date bar, pull to refresh and an endless list.
 */
export default function ReportTablePage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const [params, setParams] = useSearchParams();
  const date = dayFromParam(params.get('date'));
  const tab = tabFromParam(params.get('tab'));
  const device = useQuery({ ...deviceQueries.one(id ?? 0), enabled: id !== null });

  const update = (changes: { date?: string; tab?: ReportTab }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.date) next.set('date', changes.date);
        if (changes.tab) next.set('tab', changes.tab);
        return next;
      },
      { replace: true },
    );

  return (
    <PageLayout
      title={
        <SubtitledTitle title={t('history.reportTitle')} subtitle={device.data?.terminalName} />
      }
    >
      {id === null ? (
        <DeviceMissing invalidId />
      ) : device.isError && !device.data ? (
        <DeviceMissing error={device.error} onRetry={device.refetch} />
      ) : (
        <>
          <div className="report-filters">
            <DateBar
              terminalId={id}
              date={date}
              markType={tab === 'trips' ? 'trip' : 'stopover'}
              onChange={(day) => update({ date: day })}
            />
            <Tabs activeKey={tab} onChange={(key) => update({ tab: tabFromParam(key) })}>
              {TABS.map((key) => (
                <Tabs.Tab key={key} title={t(`history.report.${key}`)} />
              ))}
            </Tabs>
          </div>
          {tab === 'trips' ? (
            <TripsList key={`trips:${id}:${date}`} id={id} date={date} />
          ) : (
            <StaysList key={`stays:${id}:${date}`} id={id} date={date} />
          )}
        </>
      )}
    </PageLayout>
  );
}
