import { useQueryClient } from '@tanstack/react-query';
import { routes, type AudioRecord } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { confirmDialog } from '../api/feedback';
import { PagedListView } from '../components/PagedListView';
import { useAction } from '../hooks/useAction';
import { AudioRow } from './AudioRow';
import { usePagedListTexts } from '../remote/list-texts';
import { recordKeys } from './queries';
import { useAudioList } from './useAudioList';
import { useAudioPlayer } from './useAudioPlayer';

/**
 * The recordings, newest first: tap to play (and mark read); in select mode, tap to choose and
 * delete the chosen ones to the recycle bin.
 */
export interface RecordingListProps {
  terminalId: number;
  /** Multi-select mode (the page's "select" button turns it on). */
  selecting: boolean;
  onSelectingChange: (selecting: boolean) => void;
}

export function RecordingList({ terminalId, selecting, onSelectingChange }: RecordingListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recordings = useAudioList(terminalId);
  const [chosen, setChosen] = useState<number[]>([]);
  const texts = usePagedListTexts(t('voice.list.empty'));
  const refreshStatus = () =>
    queryClient.invalidateQueries({ queryKey: recordKeys.status(terminalId) });

  const player = useAudioPlayer((record: AudioRecord) => {
    if (record.isRead === 1) return;
    recordings.markRead(record.id);
    void call(routes.readRecord, { body: { id: record.id } }, { loading: false }).then(
      refreshStatus,
      () => undefined,
    );
  });

  const [remove, removing] = useAction(async () => {
    await call(routes.deleteRecords, { body: { ids: chosen } });
    recordings.remove(chosen);
    setChosen([]);
    onSelectingChange(false);
    await refreshStatus();
  });

  const tap = (record: AudioRecord) => {
    if (!selecting) return player.play(record);
    setChosen((before) =>
      before.includes(record.id) ? before.filter((id) => id !== record.id) : [...before, record.id],
    );
  };

  const { list } = recordings;
  return (
    <>
      <PagedListView
        className="remote-section audio-list"
        list={{ ...list, page: 0, total: 0, generation: 0 }}
        onRefresh={recordings.loadNewer}
        loadMore={recordings.loadOlder}
        texts={texts}
      >
        {list.items.map((record) => (
          <AudioRow
            key={record.id}
            record={record}
            player={player}
            selected={selecting ? chosen.includes(record.id) : undefined}
            onTap={() => tap(record)}
          />
        ))}
      </PagedListView>
      {selecting ? (
        <div className="voice-select-bar">
          <Button onClick={() => onSelectingChange(false)}>{t('common.cancel')}</Button>
          <Button
            color="danger"
            disabled={chosen.length === 0}
            loading={removing}
            onClick={() =>
              confirmDialog(
                t('voice.list.deleteConfirm', { count: chosen.length }),
                () => void remove(),
              )
            }
          >
            {t('voice.list.delete', { count: chosen.length })}
          </Button>
        </div>
      ) : null}
    </>
  );
}
