import { useQuery } from '@tanstack/react-query';
import type { CommandRecord } from '@xunji/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { PagedListView } from '../../components/PagedListView';
import { usePagedList } from '../../devices/usePagedList';
import { useDeviceId } from '../../devices/useDeviceId';
import { formatDateTime } from '../../lib/date';
import { withNewest } from '../../remote/command-log';
import { useCommandWords } from '../../remote/command-words';
import { CommandStatus } from '../../remote/CommandStatus';
import { usePagedListTexts } from '../../remote/list-texts';
import { fetchCommandPage, remoteQueries } from '../../remote/queries';
import '../../remote/remote.css';
import { DeviceMissing } from '../info/DeviceMissing';

function CommandRow({ record }: { record: CommandRecord }) {
  const words = useCommandWords();
  const value = words.value(record);
  return (
    <div className="remote-row command-row" data-command={record.id}>
      <div className="remote-row__label">
        <span className="command-row__title">{words.title(record)}</span>
        {value ? <span className="command-row__value">{value}</span> : null}
        <span className="remote-row__state">{formatDateTime(record.createTime)}</span>
        <CommandStatus record={record} />
      </div>
    </div>
  );
}

function CommandLog({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const texts = usePagedListTexts(t('remote.log.empty'));
  const fetchPage = useCallback((page: number) => fetchCommandPage(terminalId, page), [terminalId]);
  const { list, refresh, loadMore } = usePagedList(fetchPage);
  // §4: the newest page again every 10 s, laid over the pages loaded.
  const newest = useQuery({
    ...remoteQueries.recentCommands(terminalId),
    enabled: list.page > 0,
  });
  const rows = withNewest(list.items, newest.data?.list ?? []);
  return (
    <PagedListView
      className="remote-section command-log"
      list={{ ...list, items: rows }}
      onRefresh={refresh}
      loadMore={loadMore}
      texts={texts}
    >
      {rows.map((record) => (
        <CommandRow key={record.id} record={record} />
      ))}
    </PagedListView>
  );
}

/** /pagesDevice/set-list?id=: every command sent to the device, newest first, with its result. */
export default function SetListPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  return (
    <PageLayout title={t('remote.log.title')}>
      {id === null ? <DeviceMissing invalidId /> : <CommandLog terminalId={id} />}
    </PageLayout>
  );
}
