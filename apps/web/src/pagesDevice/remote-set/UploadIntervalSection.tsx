import { LOCATION_INTERVALS_S, routes, type TerminalParams } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { hoursLabel } from '../../remote/command-words';
import { CommandStatus } from '../../remote/CommandStatus';
import { Choices } from '../../remote/Choices';
import { RemoteSection } from '../../remote/RemotePage';
import type { RemoteCommands } from '../../remote/useRemoteCommands';

interface UploadIntervalSectionProps {
  terminalId: number;
  params: TerminalParams;
  commands: RemoteCommands;
}

/** How often the device reports: one of the §9 location intervals, sent when tapped. */
export function UploadIntervalSection({
  terminalId,
  params,
  commands,
}: UploadIntervalSectionProps) {
  const { t } = useTranslation();
  const current = params.params.uploadInterval;
  const pending = params.pending.includes('uploadInterval');
  return (
    <RemoteSection
      title={t('remote.sections.uploadInterval')}
      hint={pending ? t('remote.pendingSetting') : t('remote.uploadInterval.hint')}
      name="uploadInterval"
    >
      <Choices
        label={t('remote.sections.uploadInterval')}
        options={LOCATION_INTERVALS_S.map((seconds) => ({
          value: seconds,
          label: hoursLabel(t, seconds),
        }))}
        chosen={current === null ? [] : [current]}
        disabled={commands.busy === 'uploadInterval'}
        onToggle={(uploadInterval) =>
          void commands.send('uploadInterval', () =>
            call(routes.setTerminalParams, { body: { terminalId, params: { uploadInterval } } }),
          )
        }
      />
      {commands.records('uploadInterval').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
    </RemoteSection>
  );
}
