import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type AlarmLog } from '@xunji/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { confirmDialog, toast } from '../../api/feedback';
import { AlarmFilterBar } from '../../alarms/AlarmFilterBar';
import { AlarmRow } from '../../alarms/AlarmRow';
import { alarmKeys, alarmQueries, invalidateAlarms } from '../../alarms/queries';
import type { AlarmSearch } from '../../alarms/search';
import { PagedListView } from '../../components/PagedListView';
import { PageLayout } from '../../components/PageLayout';
import { SubtitledTitle } from '../../components/SubtitledTitle';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { usePagedList } from '../../devices/usePagedList';
import { useAction } from '../../hooks/useAction';
import { useLiveAlarms } from '../../live/socket';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { rememberAlarmLog, useAlarmStore } from '../../stores/alarm';
import '../../alarms/alarms.css';

const openStatement = (alarm: AlarmLog) => navigateTo(`${PATHS.messageStatement}?id=${alarm.id}`);

/** The list of one search; keyed by it, so another search starts over. */
function AlarmList({ terminalId, search }: { terminalId: number | null; search: AlarmSearch }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const fetchPage = useCallback(
    async (page: number, fresh: boolean) => {
      // A refresh reloads every page after the first too (newer alarms shift them).
      if (fresh)
        await queryClient.invalidateQueries({ queryKey: alarmKeys.pages, refetchType: 'none' });
      return queryClient.fetchQuery(alarmQueries.page(terminalId, search, page));
    },
    [queryClient, terminalId, search],
  );
  const { list, refresh, loadMore, remove } = usePagedList(fetchPage);

  useEffect(() => rememberAlarmLog(list.items), [list.items]);
  // A new alarm of the list's device (or of any, for all devices) shows at the top at once.
  useLiveAlarms((alarm) => {
    if (terminalId === null || alarm.deviceId === terminalId) void refresh();
  });

  const [deleteAlarm] = useAction(async (alarm: AlarmLog) => {
    await call(routes.deleteAlarmLog, { params: { id: alarm.id } });
    remove((item) => item.id === alarm.id);
    toast(t('alarms.deleted'));
    void invalidateAlarms(queryClient);
  });

  return (
    <PagedListView
      className="alarm-pull"
      list={list}
      loadMore={loadMore}
      onRefresh={async () => {
        void queryClient.invalidateQueries({ queryKey: alarmKeys.statistics });
        await refresh();
      }}
      texts={{
        pulling: t('alarms.list.pulling'),
        canRelease: t('alarms.list.canRelease'),
        refreshing: t('alarms.list.refreshing'),
        refreshed: t('alarms.list.refreshed'),
        empty: t('alarms.list.empty'),
        status: {
          loadmore: t('alarms.list.status.loadmore'),
          loading: t('alarms.list.status.loading'),
          nomore: t('alarms.list.status.nomore'),
        },
      }}
    >
      <div className="alarm-list">
        {list.items.map((alarm) => (
          <AlarmRow
            key={alarm.id}
            alarm={alarm}
            onOpen={openStatement}
            onDelete={(item) => void deleteAlarm(item)}
          />
        ))}
      </div>
    </PagedListView>
  );
}

/**
 * /pagesMore/message/table?id=: the alarms of a device (of every device without an id), newest
 * first, 20 a page, filtered by the stored alarm search; swipe a row left to delete it.
 */
export default function MessageTablePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const terminalId = useDeviceId();
  const search = useAlarmStore((state) => state.search);
  const device = useQuery({ ...deviceQueries.one(terminalId ?? 0), enabled: terminalId !== null });
  // Bumped after clearing: the list starts over.
  const [round, setRound] = useState(0);

  const [clearAll] = useAction(async () => {
    await call(routes.clearAlarmLogs, { query: terminalId === null ? {} : { terminalId } });
    toast(t('alarms.cleared'));
    await invalidateAlarms(queryClient);
    setRound((value) => value + 1);
  });
  const askToClear = () =>
    confirmDialog(
      terminalId === null ? t('alarms.clearAllConfirm') : t('alarms.clearDeviceConfirm'),
      () => void clearAll(),
    );

  return (
    <PageLayout
      title={
        <SubtitledTitle
          title={t('alarms.title')}
          subtitle={terminalId === null ? t('alarms.allDevices') : device.data?.terminalName}
        />
      }
      right={
        <button type="button" className="text-button" onClick={askToClear}>
          {t('alarms.clear')}
        </button>
      }
    >
      <div className="alarm-filters">
        <AlarmFilterBar search={search} />
      </div>
      <AlarmList
        key={`${terminalId}:${JSON.stringify(search)}:${round}`}
        terminalId={terminalId}
        search={search}
      />
    </PageLayout>
  );
}
