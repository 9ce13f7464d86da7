import { useQuery } from '@tanstack/react-query';
import { routes } from '@xunji/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { CutPasswordDialog } from './CutPasswordDialog';
import { remoteQueries } from './queries';
import { RemoteSection } from './RemotePage';
import { SwitchCommand } from './SwitchCommand';
import type { RemoteCommands } from './useRemoteCommands';

interface SectionProps {
  terminalId: number;
  commands: RemoteCommands;
}

/**
 * Cut oil and power with the user's password, restore after a confirmation; pending until the
 * device confirms.
 */
export function CutBufferSection({ terminalId, commands }: SectionProps) {
  const { t } = useTranslation();
  const state = useQuery(remoteQueries.cutBuffer(terminalId));
  const [asking, setAsking] = useState(false);
  return (
    <RemoteSection title={t('remote.sections.cutOil')} hint={t('remote.cutOil.hint')} name="cutOil">
      <SwitchCommand
        label={t('remote.cutOil.label')}
        words={{
          state: [t('remote.cutOil.restored'), t('remote.cutOil.cut')],
          action: [t('remote.switchWords.cutOil.off'), t('remote.switchWords.cutOil.on')],
          confirm: [t('remote.confirm.restore'), null],
        }}
        customAsk={{ target: 1, ask: () => setAsking(true) }}
        danger={1}
        current={state.data?.isCutButter}
        command={state.data?.command}
        busy={commands.busy === 'cutOil'}
        // Only the restore: the password dialog sends the cut.
        onSend={() =>
          void commands.send('cutOil', () =>
            call(routes.setCutBuffer, { body: { terminalId, isCutButter: 0 } }),
          )
        }
      />
      <CutPasswordDialog
        terminalId={terminalId}
        commands={commands}
        visible={asking}
        onClose={() => setAsking(false)}
      />
    </RemoteSection>
  );
}

/** Arm (garrison set) or disarm the device. */
export function GarrisonSection({ terminalId, commands }: SectionProps) {
  const { t } = useTranslation();
  const state = useQuery(remoteQueries.garrison(terminalId));
  return (
    <RemoteSection title={t('remote.sections.garrison')} name="garrison">
      <SwitchCommand
        label={t('remote.garrison.label')}
        words={{
          state: [t('remote.garrison.unset'), t('remote.garrison.set')],
          action: [t('remote.switchWords.garrison.off'), t('remote.switchWords.garrison.on')],
        }}
        current={state.data?.isGarrison}
        command={state.data?.command}
        busy={commands.busy === 'garrison'}
        onSend={(isGarrison) =>
          void commands.send('garrison', () =>
            call(routes.setGarrison, { body: { terminalId, isGarrison } }),
          )
        }
      />
    </RemoteSection>
  );
}

/** Remote power off, and on where the device's protocol can. */
export function PowerSection({ terminalId, commands }: SectionProps) {
  const { t } = useTranslation();
  const state = useQuery(remoteQueries.power(terminalId));
  return (
    <RemoteSection title={t('remote.sections.power')} hint={t('remote.power.hint')} name="power">
      <SwitchCommand
        label={t('remote.power.label')}
        words={{
          state: [t('remote.power.off'), t('remote.power.on')],
          action: [t('remote.switchWords.power.off'), t('remote.switchWords.power.on')],
          confirm: [t('remote.confirm.powerOff'), t('remote.confirm.powerOn')],
        }}
        current={state.data?.powerOn}
        command={state.data?.command}
        busy={commands.busy === 'power'}
        onSend={(powerOn) =>
          void commands.send('power', () =>
            call(routes.setTerminalPower, { body: { terminalId, powerOn } }),
          )
        }
      />
    </RemoteSection>
  );
}
