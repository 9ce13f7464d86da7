import { LIVE_TRACKING_MAX_INTERVAL_S, routes, type TerminalParams } from '@xunji/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { Choices } from '../../remote/Choices';
import { CommandStatus } from '../../remote/CommandStatus';
import { intervalLabel } from '../../remote/command-words';
import { DangerDialog } from '../../remote/DangerDialog';
import { RemoteSection } from '../../remote/RemotePage';
import type { RemoteCommands } from '../../remote/useRemoteCommands';

interface UploadIntervalSectionProps {
  terminalId: number;
  params: TerminalParams;
  commands: RemoteCommands;
}

/** What the device confirmed, and what was sent since and waits for its confirmation. */
function IntervalState({ params }: { params: TerminalParams }) {
  const { t } = useTranslation();
  const confirmed = params.confirmed.uploadInterval;
  const asked = params.params.uploadInterval;
  const waiting = params.pending.includes('uploadInterval') && asked !== null;
  return (
    <p className="remote-section__state" data-confirmed={confirmed ?? ''}>
      {confirmed === null
        ? t('remote.uploadInterval.currentUnknown')
        : t('remote.uploadInterval.current', { interval: intervalLabel(t, confirmed) })}
      {waiting ? (
        <span className="remote-section__pending">
          {t('remote.uploadInterval.asked', { interval: intervalLabel(t, asked) })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * How often the device reports: the options of its kind (a car's seconds to minutes, a watch's
 * hours), the one it confirmed chosen. A choice that stops live tracking asks first.
 */
export function UploadIntervalSection({
  terminalId,
  params,
  commands,
}: UploadIntervalSectionProps) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState<number | null>(null);
  const confirmed = params.confirmed.uploadInterval;
  const plan = params.uploadIntervalPlan;
  const send = (uploadInterval: number) =>
    void commands.send('uploadInterval', () =>
      call(routes.setTerminalParams, { body: { terminalId, params: { uploadInterval } } }),
    );
  const choose = (seconds: number) => {
    if (seconds > LIVE_TRACKING_MAX_INTERVAL_S) setSlow(seconds);
    else send(seconds);
  };
  return (
    <RemoteSection
      title={t('remote.sections.uploadInterval')}
      hint={plan ? t(`remote.uploadInterval.${plan}Hint`) : t('remote.uploadInterval.hint')}
      name="uploadInterval"
    >
      <IntervalState params={params} />
      <Choices
        label={t('remote.sections.uploadInterval')}
        options={params.uploadIntervals.map((seconds) => ({
          value: seconds,
          label: intervalLabel(t, seconds),
        }))}
        chosen={confirmed === null ? [] : [confirmed]}
        disabled={commands.busy === 'uploadInterval' || params.pending.includes('uploadInterval')}
        onToggle={choose}
      />
      {commands.records('uploadInterval').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
      <DangerDialog
        visible={slow !== null}
        title={t('remote.uploadInterval.warnTitle')}
        content={t('remote.uploadInterval.warn', { interval: intervalLabel(t, slow ?? 0) })}
        confirmText={t('remote.uploadInterval.warnConfirm')}
        onConfirm={() => {
          if (slow !== null) send(slow);
          setSlow(null);
        }}
        onClose={() => setSlow(null)}
      />
    </RemoteSection>
  );
}
