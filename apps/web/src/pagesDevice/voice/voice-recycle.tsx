import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, routes } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { confirmDialog, toast } from '../../api/feedback';
import { PageLayout } from '../../components/PageLayout';
import { PagedListView } from '../../components/PagedListView';
import { usePagedList } from '../../devices/usePagedList';
import { useDeviceId } from '../../devices/useDeviceId';
import { useAction } from '../../hooks/useAction';
import { usePagedListTexts } from '../../remote/list-texts';
import { remoteKeys } from '../../remote/queries';
import '../../remote/remote.css';
import { AudioRow } from '../../voice/AudioRow';
import { useAudioPlayer } from '../../voice/useAudioPlayer';
import '../../voice/voice.css';
import { DeviceMissing } from '../info/DeviceMissing';

function RecycleBin({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const texts = usePagedListTexts(t('voice.trash.empty'));
  const fetchPage = useCallback(
    (page: number) =>
      call(
        routes.recordTrashPage,
        { query: { terminalId, page, limit: PAGE_SIZE.audio } },
        { loading: false },
      ),
    [terminalId],
  );
  const { list, refresh, loadMore } = usePagedList(fetchPage);
  const player = useAudioPlayer(() => undefined);

  const afterChange = async (message: string) => {
    toast(message);
    await Promise.all([
      refresh(),
      queryClient.invalidateQueries({ queryKey: remoteKeys.device(terminalId) }),
    ]);
  };
  const [recover, recovering] = useAction(async () => {
    await call(routes.recoverRecords, { body: { terminalId } });
    await afterChange(t('voice.trash.recovered'));
  });
  const [empty, emptying] = useAction(async () => {
    await call(routes.emptyRecordTrash, { body: { terminalId } });
    await afterChange(t('voice.trash.emptied'));
  });
  const nothing = list.items.length === 0;

  return (
    <>
      <p className="page__intro">{t('voice.trash.hint')}</p>
      <PagedListView
        className="remote-section audio-list"
        list={list}
        onRefresh={refresh}
        loadMore={loadMore}
        texts={texts}
      >
        {list.items.map((record) => (
          <AudioRow
            key={record.id}
            record={record}
            player={player}
            onTap={() => player.play(record)}
          />
        ))}
      </PagedListView>
      <div className="remote-footer voice-trash-actions">
        <Button block disabled={nothing} loading={recovering} onClick={() => void recover()}>
          {t('voice.trash.recoverAll')}
        </Button>
        <Button
          block
          color="danger"
          fill="outline"
          disabled={nothing}
          loading={emptying}
          onClick={() => confirmDialog(t('voice.trash.emptyConfirm'), () => void empty())}
        >
          {t('voice.trash.emptyBin')}
        </Button>
      </div>
    </>
  );
}

/** /pagesDevice/voice/voice-recycle?id=: the deleted recordings; recover them all, or empty the bin. */
export default function VoiceRecyclePage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  return (
    <PageLayout title={t('voice.trash.title')}>
      {id === null ? <DeviceMissing invalidId /> : <RecycleBin terminalId={id} />}
    </PageLayout>
  );
}
