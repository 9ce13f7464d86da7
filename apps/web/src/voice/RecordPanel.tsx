import { routes, VOICE_PICKUP_S, type RecordStatus } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { formatDateTime } from '../lib/date';
import { Choices } from '../remote/Choices';
import { CommandStatus } from '../remote/CommandStatus';
import { pickupLabel } from '../remote/command-words';
import { RemoteSection } from '../remote/RemotePage';
import type { RemoteCommands } from '../remote/useRemoteCommands';

interface RecordPanelProps {
  terminalId: number;
  status: RecordStatus | undefined;
  commands: RemoteCommands;
}

/** Sound pickup: one of the §9 lengths, then "record"; one pickup at a time. */
export function RecordPanel({ terminalId, status, commands }: RecordPanelProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number>(VOICE_PICKUP_S[0]);
  const recording = status?.recording ?? null;
  return (
    <RemoteSection
      title={t('voice.record.title')}
      hint={
        recording
          ? t('voice.record.inProgress', {
              length: pickupLabel(t, recording.seconds),
              since: formatDateTime(recording.since),
            })
          : t('voice.record.hint')
      }
      name="record"
    >
      <Choices
        label={t('voice.record.length')}
        options={VOICE_PICKUP_S.map((value) => ({ value, label: pickupLabel(t, value) }))}
        chosen={[seconds]}
        onToggle={setSeconds}
      />
      <div className="remote-actions">
        <Button
          block
          color="primary"
          disabled={recording !== null}
          loading={commands.busy === 'voiceRecord'}
          onClick={() =>
            void commands.send('voiceRecord', () =>
              call(routes.sendRecord, { body: { terminalId, seconds } }),
            )
          }
        >
          {t('voice.record.start')}
        </Button>
      </div>
      {commands.records('voiceRecord').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
    </RemoteSection>
  );
}
