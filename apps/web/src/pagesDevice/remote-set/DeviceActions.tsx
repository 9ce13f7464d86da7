import { routes, type CommandParam } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { confirmDialog } from '../../api/feedback';
import { CommandStatus } from '../../remote/CommandStatus';
import { RemoteSection } from '../../remote/RemotePage';
import type { RemoteCommands } from '../../remote/useRemoteCommands';
import { LocateResult } from './LocateResult';

const ACTIONS = [
  { key: 'locateNow', route: routes.locateTerminal, question: null },
  { key: 'restart', route: routes.restartTerminal, question: 'remote.confirm.restart' },
  {
    key: 'factoryReset',
    route: routes.factoryResetTerminal,
    question: 'remote.confirm.factoryReset',
  },
] as const;

interface DeviceActionsProps {
  terminalId: number;
  abilities: readonly CommandParam[];
  commands: RemoteCommands;
}

/**
 * Locate now (with the fix it got on a small map), restart and factory reset (the last two asked
 * for again), each with its result.
 */
export function DeviceActions({ terminalId, abilities, commands }: DeviceActionsProps) {
  const { t } = useTranslation();
  const actions = ACTIONS.filter(({ key }) => abilities.includes(key));
  if (actions.length === 0) return null;
  return (
    <RemoteSection title={t('remote.sections.device')} name="device">
      {actions.map(({ key, route, question }) => {
        const send = () => void commands.send(key, () => call(route, { body: { terminalId } }));
        const records = commands.records(key);
        return (
          <div className="remote-item" key={key} data-action={key}>
            <div className="remote-row">
              <div className="remote-row__label">{t(`remote.params.${key}`)}</div>
              <Button
                size="small"
                color="primary"
                fill="outline"
                loading={commands.busy === key}
                onClick={() => (question ? confirmDialog(t(question), send) : send())}
              >
                {t(`remote.actions.${key}`)}
              </Button>
            </div>
            {records.map((record) => (
              <Fragment key={record.id}>
                <CommandStatus record={record} />
                {key === 'locateNow' ? (
                  <LocateResult terminalId={terminalId} record={record} />
                ) : null}
              </Fragment>
            ))}
          </div>
        );
      })}
    </RemoteSection>
  );
}
