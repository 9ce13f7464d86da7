import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StopoverItem, StopoverPage, TripItem, TripPage } from '@xunji/shared';
import { Tabs } from 'antd-mobile';
import { useCallback, type ReactNode } from 'react';
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
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { selectReportItem } from '../../stores/report';
import { DeviceMissing } from '../info/DeviceMissing';
import { DateBar } from '../../history/DateBar';
import { StayRow, TripRow } from './ReportRows';
import './report.css';

const TABS = ['stays', 'trips'] as const;
type ReportTab = (typeof TABS)[number];

const tabFromParam = (value: string | null): ReportTab => (value === 'trips' ? 'trips' : 'stays');

function ReportList<T extends { id: number }>({
  fetchPage,
  renderRow,
}: {
  fetchPage: (page: number) => Promise<Page<T>>;
  renderRow: (item: T) => ReactNode;
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
      texts={{
        pulling: t('history.report.pulling'),
        canRelease: t('history.report.canRelease'),
        refreshing: t('history.report.refreshing'),
        refreshed: t('history.report.refreshed'),
        empty: t('history.report.empty'),
        status: {
          loadmore: t('history.report.status.loadmore'),
          loading: t('history.report.status.loading'),
          nomore: t('history.report.status.nomore'),
        },
      }}
    >
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
