import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../api/queries';
import { LoadFailure } from '../../components/LoadFailure';
import { PageLayout } from '../../components/PageLayout';
import { useDeviceId } from '../../devices/useDeviceId';
import { remoteQueries } from '../../remote/queries';
import { useRemoteCommands } from '../../remote/useRemoteCommands';
import { PageSpinner, RemoteSection } from '../../remote/RemotePage';
import '../../remote/remote.css';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { AutoRecordSettings } from '../../voice/AutoRecordSettings';
import { recordStatusQuery } from '../../voice/queries';
import { RecordingList, type RecordingListProps } from '../../voice/RecordingList';
import { RecordPanel } from '../../voice/RecordPanel';
import { TermsGate } from '../../voice/TermsGate';
import { useVoiceTermsStore } from '../../voice/terms';
import '../../voice/voice.css';
import { DeviceMissing } from '../info/DeviceMissing';

function VoiceBody({ terminalId, selecting, onSelectingChange }: RecordingListProps) {
  const { t } = useTranslation();
  const status = useQuery(recordStatusQuery(terminalId));
  const params = useQuery(remoteQueries.params(terminalId));
  const commands = useRemoteCommands(terminalId);
  if (status.isError && !status.data)
    return <DeviceMissing error={status.error} onRetry={status.refetch} />;
  return (
    <>
      <RecordPanel terminalId={terminalId} status={status.data} commands={commands} />
      <RemoteSection
        title={t('voice.list.title')}
        hint={status.data ? t('voice.list.unreadCount', { count: status.data.unread }) : null}
        name="recordings"
      >
        <RecordingList
          terminalId={terminalId}
          selecting={selecting}
          onSelectingChange={onSelectingChange}
        />
      </RemoteSection>
      {status.data && params.data ? (
        <AutoRecordSettings
          terminalId={terminalId}
          status={status.data}
          abilities={params.data.abilities}
          commands={commands}
        />
      ) : null}
      <List className="section voice-links" mode="card">
        <List.Item
          data-link="trash"
          extra={status.data?.trash ?? null}
          onClick={() => navigateTo(`${PATHS.voiceRecycle}?id=${terminalId}`)}
        >
          {t('voice.trash.title')}
        </List.Item>
      </List>
    </>
  );
}

/** /pagesDevice/voice/index?id=: sound security — the terms, pickup, the recordings, auto-record. */
export default function VoicePage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const user = useQuery(queries.user);
  const [selecting, setSelecting] = useState(false);
  const userId = user.data?.userId;
  const accepted = useVoiceTermsStore(
    (state) => userId !== undefined && state.acceptedBy.includes(userId),
  );
  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (!user.data)
      return user.isError ? (
        <LoadFailure error={user.error} onRetry={user.refetch} />
      ) : (
        <PageSpinner />
      );
    return (
      <TermsGate userId={user.data.userId}>
        <VoiceBody terminalId={id} selecting={selecting} onSelectingChange={setSelecting} />
      </TermsGate>
    );
  };
  return (
    <PageLayout
      title={t('voice.title')}
      right={
        id !== null && accepted && !selecting ? (
          <button type="button" className="text-button" onClick={() => setSelecting(true)}>
            {t('voice.list.select')}
          </button>
        ) : null
      }
    >
      {body()}
    </PageLayout>
  );
}
