import {
  AUTO_RECORD_MODES,
  AUTO_RECORD_SECONDS,
  AUTO_RECORD_SENSITIVITIES,
  routes,
  type CommandParam,
  type RecordStatus,
} from '@xunji/shared';
import { Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { Choices } from '../remote/Choices';
import { CommandStatus } from '../remote/CommandStatus';
import { RemoteSection } from '../remote/RemotePage';
import type { RemoteCommands } from '../remote/useRemoteCommands';

const SENSITIVITY_WORDS = { 1: 'low', 2: 'medium', 3: 'high' } as const;

interface AutoRecordSettingsProps {
  terminalId: number;
  status: RecordStatus;
  /** What the device can be asked: only those settings are shown. */
  abilities: readonly CommandParam[];
  commands: RemoteCommands;
}

const AUTO_RECORD_PARAMS = [
  'autoRecord',
  'autoRecordSensitivity',
  'autoRecordMode',
  'alwaysRecord',
] as const satisfies readonly CommandParam[];

/** One setting: its label, its control, and the results of the commands it sent. */
function SettingRow({
  label,
  control,
  commandKey,
  commands,
}: {
  label: string;
  control: ReactNode;
  commandKey: string;
  commands: RemoteCommands;
}) {
  return (
    <div className="remote-row remote-row--stacked" data-setting={commandKey}>
      <div className="remote-row__label">
        {label}
        {commands.records(commandKey).map((record) => (
          <CommandStatus key={record.id} record={record} />
        ))}
      </div>
      {control}
    </div>
  );
}

/** Auto-record (30-s recordings) on/off, its sensitivity and mode, and continuous recording. */
export function AutoRecordSettings({
  terminalId,
  status,
  abilities,
  commands,
}: AutoRecordSettingsProps) {
  const { t } = useTranslation();
  const busy = (key: string) => commands.busy === key;
  const can = (param: CommandParam) => abilities.includes(param);
  if (!AUTO_RECORD_PARAMS.some(can)) return null;
  return (
    <RemoteSection title={t('voice.auto.title')} name="autoRecord">
      {can('autoRecord') ? (
        <SettingRow
          label={t('voice.auto.enabled', { seconds: AUTO_RECORD_SECONDS })}
          commandKey="autoRecord"
          commands={commands}
          control={
            <Switch
              aria-label={t('voice.auto.enabled', { seconds: AUTO_RECORD_SECONDS })}
              checked={status.isAuto === 1}
              loading={busy('autoRecord')}
              onChange={(on) =>
                void commands.send('autoRecord', () =>
                  call(routes.setAutoRecord, {
                    body: { terminalId, isAuto: on ? 1 : 0, seconds: AUTO_RECORD_SECONDS },
                  }),
                )
              }
            />
          }
        />
      ) : null}
      {can('autoRecordSensitivity') ? (
        <SettingRow
          label={t('voice.auto.sensitivity')}
          commandKey="autoRecordSensitivity"
          commands={commands}
          control={
            <Choices
              label={t('voice.auto.sensitivity')}
              options={AUTO_RECORD_SENSITIVITIES.map((value) => ({
                value,
                label: t(`voice.auto.sensitivities.${SENSITIVITY_WORDS[value]}`),
              }))}
              chosen={[status.sensitivity]}
              disabled={busy('autoRecordSensitivity')}
              onToggle={(value) =>
                void commands.send('autoRecordSensitivity', () =>
                  call(routes.setAutoRecordSensitivity, {
                    body: { terminalId, value, respondImmediate: true },
                  }),
                )
              }
            />
          }
        />
      ) : null}
      {can('autoRecordMode') ? (
        <SettingRow
          label={t('voice.auto.mode')}
          commandKey="autoRecordMode"
          commands={commands}
          control={
            <Choices
              label={t('voice.auto.mode')}
              options={AUTO_RECORD_MODES.map((mode) => ({
                value: mode,
                label: t(`voice.auto.modes.${mode}`),
              }))}
              chosen={[status.mode]}
              disabled={busy('autoRecordMode')}
              onToggle={(mode) =>
                void commands.send('autoRecordMode', () =>
                  call(routes.setAutoRecordMode, {
                    body: { terminalId, mode, respondImmediate: true },
                  }),
                )
              }
            />
          }
        />
      ) : null}
      {can('alwaysRecord') ? (
        <SettingRow
          label={t('voice.auto.always')}
          commandKey="alwaysRecord"
          commands={commands}
          control={
            <Switch
              aria-label={t('voice.auto.always')}
              checked={status.isOpen === 1}
              loading={busy('alwaysRecord')}
              onChange={(on) =>
                void commands.send('alwaysRecord', () =>
                  call(routes.setAlwaysRecord, { body: { terminalId, isOpen: on ? 1 : 0 } }),
                )
              }
            />
          }
        />
      ) : null}
    </RemoteSection>
  );
}
