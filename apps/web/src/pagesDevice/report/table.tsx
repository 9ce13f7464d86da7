import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StopoverItem, StopoverPage, TripItem, TripPage } from '@xunji/shared';
import { Empty, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { dayFromParam, dayWindow } from '../../history/day';
import { fetchReportPage, historyKeys } from '../../history/queries';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { selectReportItem } from '../../stores/report';
import { DeviceMissing } from '../info/DeviceMissing';
import { DateBar } from '../../history/DateBar';
import { StayRow, TripRow } from './ReportRows';
import { useReportList, type ReportPage } from './useReportList';
import './report.css';

const TABS = ['stays', 'trips'] as const;
type ReportTab = (typeof TABS)[number];

const tabFromParam = (value: string | null): ReportTab => (value === 'trips' ? 'trips' : 'stays');

function ReportList<T extends { id: number }>({
  fetchPage,
  renderRow,
}: {
  fetchPage: (page: number) => Promise<ReportPage<T>>;
  renderRow: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { list, refresh, loadMore } = useReportList(fetchPage);
  const empty = list.items.length === 0 && list.status === 'nomore';

  return (
    <div className="report-pull">
      <PullToRefresh
        pullingText={t('history.report.pulling')}
        canReleaseText={t('history.report.canRelease')}
        refreshingText={t('history.report.refreshing')}
        completeText={t('history.report.refreshed')}
        onRefresh={async () => {
          // The calendar's marks may have changed too.
          void queryClient.invalidateQueries({ queryKey: historyKeys.all });
          await refresh();
        }}
      >
        <div className="report-list">{list.items.map(renderRow)}</div>
        {empty ? <Empty className="report-empty" description={t('history.report.empty')} /> : null}
        <InfiniteScroll loadMore={loadMore} hasMore={list.status !== 'nomore'}>
          {empty ? null : (
            <span className="list-status report-status" data-status={list.status}>
              {t(`history.report.status.${list.status}`)}
            </span>
          )}
        </InfiniteScroll>
      </PullToRefresh>
    </div>
  );
}

function StaysList({ id, date }: { id: number; date: string }) {
  const fetchPage = useCallback(
    (page: number) =>
      fetchReportPage('stopover', id, dayWindow(date), page) as Promise<StopoverPage>,
    [id, date],
  );
  const open = (item: StopoverItem) => {
    selectReportItem({ terminalId: id, type: 'stay', item });
    navigateTo(`${PATHS.reportDetails}?id=${id}&type=stay&itemId=${item.id}`);
  };
  return (
    <ReportList
      fetchPage={fetchPage}
      renderRow={(item) => <StayRow key={item.id} item={item} onOpen={open} />}
    />
  );
}

function TripsList({ id, date }: { id: number; date: string }) {
  const fetchPage = useCallback(
    (page: number) => fetchReportPage('trip', id, dayWindow(date), page) as Promise<TripPage>,
    [id, date],
  );
  const open = (item: TripItem) => {
    selectReportItem({ terminalId: id, type: 'trip', item });
    navigateTo(`${PATHS.reportDetails}?id=${id}&type=trip&itemId=${item.id}`);
  };
  return (
    <ReportList
      fetchPage={fetchPage}
      renderRow={(item) => <TripRow key={item.id} item={item} onOpen={open} />}
    />
  );
}

/** The report title with the device's name under it. */
function ReportTitle({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="report-title">
      <div className="report-title__main">{t('history.reportTitle')}</div>
      {name ? <div className="report-title__sub">{name}</div> : null}
    </div>
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
    <PageLayout title={<ReportTitle name={device.data?.terminalName} />}>
      {id === null ? (
        <DeviceMissing invalidId />
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
