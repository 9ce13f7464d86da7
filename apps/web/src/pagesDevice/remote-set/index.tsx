import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceQueries } from '../../devices/queries';
import { RemotePage, type RemoteContext } from '../../remote/RemotePage';
import { CutBufferSection, GarrisonSection } from '../../remote/SwitchSections';
import { useRemoteCommands } from '../../remote/useRemoteCommands';
import { CustomCommandSection } from './CustomCommandSection';
import { DeviceActions } from './DeviceActions';
import { RemoteLinks } from './RemoteLinks';
import { UploadIntervalSection } from './UploadIntervalSection';
import { WhiteListSection } from './WhiteListSection';

function RemoteControls({ terminalId, params }: RemoteContext) {
  const commands = useRemoteCommands(terminalId);
  const device = useQuery(deviceQueries.one(terminalId, { loading: false }));
  const { abilities } = params;
  const can = (ability: (typeof abilities)[number]) => abilities.includes(ability);
  return (
    <>
      <DeviceActions terminalId={terminalId} abilities={abilities} commands={commands} />
      {can('cutOil') ? <CutBufferSection terminalId={terminalId} commands={commands} /> : null}
      {can('garrison') ? <GarrisonSection terminalId={terminalId} commands={commands} /> : null}
      {can('uploadInterval') ? (
        <UploadIntervalSection terminalId={terminalId} params={params} commands={commands} />
      ) : null}
      {can('whiteList') ? <WhiteListSection terminalId={terminalId} commands={commands} /> : null}
      {can('custom') ? <CustomCommandSection terminalId={terminalId} commands={commands} /> : null}
      <RemoteLinks
        terminalId={terminalId}
        abilities={abilities}
        iccid={device.data?.iccid ?? null}
      />
    </>
  );
}

/** /pagesDevice/remote-set?id=: the device's remote control, limited to what it can be asked. */
export default function RemoteSetPage() {
  const { t } = useTranslation();
  return (
    <RemotePage title={t('remote.title')}>
      {(context) => <RemoteControls {...context} />}
    </RemotePage>
  );
}
